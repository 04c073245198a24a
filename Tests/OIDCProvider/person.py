#!/usr/bin/env python3
"""A person at a browser, for the tests against serve.py: signs in on the provider's own login
page and answers its own consent and device pages, as someone clicking would.

As `BROWSER` for `koober sign-in --browser` and `koober sign-out` (one argument):

    person.py URL|file://PAGE|/path/to/PAGE

opens the address, or the private page koober wrote (it forwards to the provider, or submits
a form there with POST), signs in when asked, answers the consent page, and follows the
provider back to koober's loopback address. The environment says who and how (koober passes
it on):

    KOOBER_TEST_PERSON     the username (default ann@example.com; the password is Pass1234)
    KOOBER_TEST_CONSENT    allow (default) or deny
    KOOBER_TEST_TAMPER     set: the callback goes back first with another `state` (a forgery
                           the agent must refuse), then as the provider sent it
    KOOBER_TEST_VISITS     a file to append every visited address to; a page opened from a
                           file is logged as `OPEN <argument> <file mode> <folder mode>`, and
                           each callback's answer as `STATUS <code> <address>`

For the device flow:

    person.py device BASE USER_CODE accept|deny

signs in at BASE, enters the user code on `/o/device/`, and accepts or denies on the page
that follows.
"""

import html
import http.cookiejar
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

PASSWORD = "Pass1234"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)


def note(line):
    log = os.environ.get("KOOBER_TEST_VISITS")
    if log:
        with open(log, "a") as out:
            out.write(line + "\n")


def visit(url, form=None):
    """One request, redirects not followed: (status, location, page)."""
    note(("POST " if form is not None else "GET ") + url)
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    try:
        response = opener.open(urllib.request.Request(url, data=data), timeout=30)
        status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    location = headers.get("Location")
    return status, urllib.parse.urljoin(url, location) if location else None, body.decode(
        "utf-8", "replace")


def hidden_fields(page):
    fields = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="([^"]*)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and 'type="hidden"' in tag:
            fields[html.unescape(name.group(1))] = html.unescape(value.group(1)) if value else ""
    return fields


def csrf_token(page):
    return hidden_fields(page).get("csrfmiddlewaretoken", "")


def sign_in_if_asked(url, page, username):
    """Answers Django's login page; returns the next (status, location, page)."""
    form = hidden_fields(page)
    form.update(username=username, password=PASSWORD)
    return visit(url, form)


def is_app(url):
    """Whether a redirect goes back to the app: its loopback callback or signed-out page."""
    parts = urllib.parse.urlsplit(url)
    return parts.hostname == "127.0.0.1" and parts.path in ("/callback", "/signed-out")


def open_page(argument):
    """The page koober wrote for the browser: where it leads, and the form it posts (or None).
    """
    if argument.startswith("file:"):
        path = urllib.parse.unquote(urllib.parse.urlsplit(argument).path)
    else:
        path = argument
    mode = os.stat(path).st_mode & 0o777
    folder_mode = os.stat(os.path.dirname(path)).st_mode & 0o777
    note("OPEN %s %o %o" % (argument, mode, folder_mode))
    with open(path, encoding="utf-8") as file:
        page = file.read()
    form = re.search(r'<form method="post" action="([^"]*)"', page)
    if form:
        return html.unescape(form.group(1)), hidden_fields(page)
    refresh = re.search(r'<meta http-equiv="refresh" content="0;url=([^"]*)"', page)
    if not refresh:
        raise SystemExit(f"person.py: the page {path} leads nowhere")
    return html.unescape(refresh.group(1)), None


def back_to_app(location):
    """Back to the app: the one request the loopback agent takes."""
    if os.environ.get("KOOBER_TEST_TAMPER"):
        forged = re.sub(r"state=[^&]*", "state=forged", location)
        status, _, _ = visit(forged)
        note(f"STATUS {status} {forged}")
    status, _, _ = visit(location)
    note(f"STATUS {status} {location}")


def browser(argument):
    username = os.environ.get("KOOBER_TEST_PERSON", "ann@example.com")
    allow = os.environ.get("KOOBER_TEST_CONSENT", "allow") == "allow"
    if argument.startswith(("http:", "https:")):
        url, form = argument, None
    else:
        url, form = open_page(argument)
    for _ in range(20):
        status, location, page = visit(url, form)
        form = None
        while True:
            if location and is_app(location):
                back_to_app(location)
                return
            if location:
                url = location
                break
            if 'name="password"' in page:
                status, location, page = sign_in_if_asked(url, page, username)
                continue
            if 'id="authorizationForm"' in page:
                form = hidden_fields(page)
                if allow:
                    form["allow"] = "Authorize"
                status, location, page = visit(url, form)
                continue
            raise SystemExit(f"person.py: no way on from {url} (HTTP {status})")
    raise SystemExit("person.py: too many steps")


def device(base, user_code, action):
    url = base.rstrip("/") + "/o/device/"
    for _ in range(10):
        status, location, page = visit(url)
        if location:
            url = location
            continue
        if 'name="password"' in page:
            person = os.environ.get("KOOBER_TEST_PERSON", "ann@example.com")
            status, location, page = sign_in_if_asked(url, page, person)
            if location:
                url = location
            continue
        break
    status, location, page = visit(url, dict(hidden_fields(page), user_code=user_code))
    if not location:
        raise SystemExit(f"person.py: the user code was not taken (HTTP {status})")
    status, _, page = visit(location)
    status, location, _ = visit(location, dict(hidden_fields(page), action=action))
    if not location:
        raise SystemExit(f"person.py: the decision was not taken (HTTP {status})")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "device":
        device(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        browser(sys.argv[1])
