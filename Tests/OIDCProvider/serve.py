"""A real OAuth 2.0 / OpenID Connect provider for the tests: django-oauth-toolkit, unchanged,
in a minimal Django project on a loopback port.

    python serve.py DATA_FOLDER [--access-seconds N] [--refresh-grace-seconds N]
        [--exit-with-stdin]

Prints `OIDC provider listening on http://127.0.0.1:PORT` and `issuer: <url>` once it
serves, then serves until killed, or with `--exit-with-stdin` until its stdin closes: a test
process that crashes or exits closes the pipe, so no provider outlives its tests.
Accounts (password grant) and clients:

    ann@example.com / Pass1234   passenger (no `koober_type` claim)
    dan@example.com / Pass1234   driver    (`koober_type: driver`, from the group "driver")

The usernames are emails, so the package's default identifier rule (an email) takes them.
    client `koober-public` (public), `koober-confidential` / `s3cret` (confidential)
    client `koober-device` (public, the device authorization grant, RFC 8628)
    client `koober-browser` (public, the authorization code grant; redirect
        `http://127.0.0.1/callback`, any port, RFC 8252 §7.3)

A person signs in on `/accounts/login/` (Django's login page) and answers DOT's own consent
and device pages, so a test drives them as a browser would. RP-initiated logout is on
(`end_session_endpoint` in discovery).

The device grant needs two fixes django-oauth-toolkit 3.4.1 lacks with oauthlib 4.0: the
validator's `validate_device_code`, and a device answer that may carry `scope`. Its
device authorization endpoint is `/o/device-authorization/` (discovery does not name it).
`GET /test/pending-user-code` answers the user code of the newest pending device sign-in
(404 when none is), what a person would read off the device's screen; `person.py` then
enters it on DOT's own device pages.

Refresh tokens rotate and a spent one cannot be used again (REFRESH_TOKEN_REUSE_PROTECTION),
except inside the grace period (REFRESH_TOKEN_GRACE_PERIOD_SECONDS, `--refresh-grace-seconds`,
3 s by default): there the spent token gets the same answer as its first use, the very access
and refresh token its rotation issued (DOT 3.4.1 hands back the stored pair, which it can
because tokens are stored in clear here, COMPLIANT_BCP_RFC9700_TOKEN_STORAGE being off), so a
client whose answer was lost retries safely. After it, the spent token revokes its family.
A token revoked on purpose (RFC 7009, sign-out) is refused at once, grace period or not. Three
seconds: a retry right after a lost answer lands inside it on a loaded machine, and a test of
reuse waits it out.
`GET /test/counters` answers how many token requests each grant type made, so a test can
count renewals at the provider.
"""

import argparse
import json
import os
import secrets
import sys
import threading

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa


def private_key_pem():
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


def configure(data_folder, access_seconds, refresh_grace_seconds):
    from django.conf import settings

    settings.configure(
        DEBUG=False,
        SECRET_KEY=secrets.token_hex(32),
        ALLOWED_HOSTS=["127.0.0.1", "localhost"],
        ROOT_URLCONF=__name__,
        INSTALLED_APPS=[
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
            "oauth2_provider",
        ],
        MIDDLEWARE=[
            __name__ + ".count_token_requests",
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
        ],
        TEMPLATES=[{
            "BACKEND": "django.template.backends.django.DjangoTemplates",
            "OPTIONS": {
                "context_processors": ["django.template.context_processors.request"],
                "loaders": [
                    ("django.template.loaders.locmem.Loader", {"registration/login.html": LOGIN_PAGE}),
                    "django.template.loaders.app_directories.Loader",
                ],
            },
        }],
        LOGIN_URL="/accounts/login/",
        STATIC_URL="/static/",
        DATABASES={
            "default": {
                "ENGINE": "django.db.backends.sqlite3",
                "NAME": os.path.join(data_folder, "provider.sqlite"),
                # IMMEDIATE: a token request's transaction takes the write lock at its start,
                # so concurrent requests wait (up to the timeout) instead of failing with
                # "database is locked" when a read turns into a write.
                "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
            }
        },
        # Test accounts only: a cheap hash keeps sign-in fast; nothing here is production.
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        USE_TZ=True,
        DEFAULT_AUTO_FIELD="django.db.models.AutoField",
        LOGGING={"version": 1, "disable_existing_loggers": True},
        OAUTH2_PROVIDER={
            "OIDC_ENABLED": True,
            "OIDC_RSA_PRIVATE_KEY": private_key_pem(),
            "ACCESS_TOKEN_EXPIRE_SECONDS": access_seconds,
            "ROTATE_REFRESH_TOKEN": True,
            "REFRESH_TOKEN_REUSE_PROTECTION": True,
            "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": refresh_grace_seconds,
            "PKCE_REQUIRED": False,
            "DEVICE_FLOW_INTERVAL": 1,
            "OIDC_RP_INITIATED_LOGOUT_ENABLED": True,
            "OIDC_RP_INITIATED_LOGOUT_ALWAYS_PROMPT": False,
            "SCOPES": {
                "openid": "OpenID Connect",
                "profile": "Name and account type",
                "email": "Email address",
            },
            "OAUTH2_VALIDATOR_CLASS": __name__ + ".KooberValidator",
        },
    )


LOGIN_PAGE = """<!doctype html><title>Sign in</title>
<form method="post">{% csrf_token %}{{ form.as_p }}
<input type="hidden" name="next" value="{{ next }}"><button type="submit">Sign in</button></form>"""

counters = {}
counters_lock = threading.Lock()


def count_token_requests(get_response):
    def middleware(request):
        if request.method == "POST" and request.path == "/o/token/":
            grant = request.POST.get("grant_type", "")
            with counters_lock:
                counters[grant] = counters.get(grant, 0) + 1
        return get_response(request)

    return middleware


def counters_view(request):
    from django.http import JsonResponse

    with counters_lock:
        return JsonResponse(dict(counters))


def pending_user_code_view(request):
    """The user code of the newest pending device sign-in (what the person reads off the
    device's screen), or 404."""
    from django.http import JsonResponse
    from oauth2_provider.models import get_device_grant_model

    model = get_device_grant_model()
    grant = model.objects.filter(status=model.AUTHORIZATION_PENDING).order_by("-id").first()
    if grant is None:
        return JsonResponse({"error": "no pending device sign-in"}, status=404)
    return JsonResponse({"user_code": grant.user_code})


def allow_scope_in_device_answer():
    """oauthlib 4.0 adds `scope` to the device answer; DOT 3.4.1's record of it does not
    take one."""
    import oauth2_provider.views.device as device_views

    original = device_views.DeviceCodeResponse
    known = set(original.__dataclass_fields__)

    def lenient(**fields):
        return original(**{name: value for name, value in fields.items() if name in known})

    device_views.DeviceCodeResponse = lenient


def make_validator():
    from oauth2_provider.oauth2_validators import OAuth2Validator

    class KooberValidator(OAuth2Validator):
        """Adds name, email and the app's user type to userinfo and the ID token."""

        oidc_claim_scope = dict(OAuth2Validator.oidc_claim_scope, koober_type="profile")

        def get_additional_claims(self, request):
            user = request.user
            claims = {"name": user.get_full_name() or None, "email": user.email,
                      "preferred_username": user.get_username()}
            if user.groups.filter(name="driver").exists():
                claims["koober_type"] = "driver"
            return claims

        def validate_device_code(self, client_id, code, request, *args, **kwargs):
            """RFC 8628 §3.5 for oauthlib 4.0, which asks the validator; DOT 3.4.1 has none."""
            from oauth2_provider.models import get_device_grant_model
            from oauthlib.oauth2.rfc8628.grant_types.device_code import DeviceCodeGrant

            model = get_device_grant_model()
            grant = model.objects.filter(device_code=code, client_id=client_id).first()
            if grant is None:
                return None
            if grant.is_expired():
                return DeviceCodeGrant.DEVICE_CODE_EXPIRED
            if grant.status == model.DENIED:
                return DeviceCodeGrant.DEVICE_CODE_DENIED
            if grant.status != model.AUTHORIZED:
                return DeviceCodeGrant.DEVICE_CODE_PENDING
            request.user = grant.user
            request.scopes = grant.scope.split() if grant.scope else []
            return DeviceCodeGrant.DEVICE_CODE_AUTHORIZED

    return KooberValidator


def seed():
    from django.contrib.auth.models import Group, User
    from oauth2_provider.models import Application

    drivers, _ = Group.objects.get_or_create(name="driver")
    for username, first, driver in (
        ("ann@example.com", "Ann", False), ("dan@example.com", "Dan", True)):
        if User.objects.filter(username=username).exists():
            continue
        user = User.objects.create_user(username, username, "Pass1234", first_name=first)
        if driver:
            user.groups.add(drivers)
    for client_id, client_type, secret, grant in (
        ("koober-public", Application.CLIENT_PUBLIC, "", Application.GRANT_PASSWORD),
        ("koober-confidential", Application.CLIENT_CONFIDENTIAL, "s3cret",
         Application.GRANT_PASSWORD),
        ("koober-device", Application.CLIENT_PUBLIC, "", Application.GRANT_DEVICE_CODE),
        ("koober-browser", Application.CLIENT_PUBLIC, "", Application.GRANT_AUTHORIZATION_CODE),
    ):
        if not Application.objects.filter(client_id=client_id).exists():
            Application.objects.create(
                client_id=client_id, client_secret=secret, client_type=client_type,
                authorization_grant_type=grant, name=client_id,
                redirect_uris="http://127.0.0.1/callback",
                post_logout_redirect_uris="http://127.0.0.1/signed-out",
                algorithm=Application.RS256_ALGORITHM)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_folder")
    parser.add_argument("--access-seconds", type=int, default=60)
    parser.add_argument("--refresh-grace-seconds", type=int, default=3)
    parser.add_argument("--exit-with-stdin", action="store_true")
    arguments = parser.parse_args()
    os.makedirs(arguments.data_folder, mode=0o700, exist_ok=True)
    configure(arguments.data_folder, arguments.access_seconds, arguments.refresh_grace_seconds)

    import django

    django.setup()
    sys.modules[__name__].KooberValidator = make_validator()

    from django.contrib.auth.views import LoginView
    from django.core.management import call_command
    from django.urls import include, path

    sys.modules[__name__].urlpatterns = [
        path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
        path("accounts/login/", LoginView.as_view()),
        path("test/counters", counters_view),
        path("test/pending-user-code", pending_user_code_view),
    ]
    allow_scope_in_device_answer()
    call_command("migrate", verbosity=0, interactive=False)
    seed()

    from django.core.handlers.wsgi import WSGIHandler
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, format, *args):
            pass

    server = ThreadedWSGIServer(("127.0.0.1", 0), QuietHandler, ipv6=False)
    server.set_app(WSGIHandler())
    port = server.server_address[1]
    from oauth2_provider.settings import oauth2_settings

    oauth2_settings.OAUTH_DEVICE_VERIFICATION_URI = f"http://127.0.0.1:{port}/o/device/"
    print(f"OIDC provider listening on http://127.0.0.1:{port}", flush=True)
    print(f"issuer: http://127.0.0.1:{port}/o", flush=True)
    if arguments.exit_with_stdin:
        threading.Thread(target=exit_at_end_of_input, daemon=True).start()
    server.serve_forever()


def exit_at_end_of_input():
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
