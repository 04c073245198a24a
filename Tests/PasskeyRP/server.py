"""A relying party built on py_webauthn (PyPI `webauthn`), speaking the subset of API.md that
a client needs to sign up, register a passkey and sign in with it: the interop peer of
issue 33. Not the reference backend: an implementation nobody here wrote verifies what the
Swift client builds.

    python server.py --port 0 [--rp-id localhost] [--origin https://localhost]

prints `listening <port>` once it serves, then serves until stdin closes (the test's end).
Tokens are random; sessions live in memory; passwords are kept only to be compared, since
this server exists only for tests.
"""

import argparse
import base64
import json
import secrets
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.cose import COSEAlgorithmIdentifier
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

LOCK = threading.Lock()
USERS = {}  # id -> {"id", "email", "password", "name", "type", "handle": bytes}
TOKENS = {}  # access token -> (user id, signed in at)
REFRESH = {}  # refresh token -> user id
FLOWS = {}  # flow id -> {"challenge", "kind", "user", "expires"}
PASSKEYS = {}  # credential id (bytes) -> {"user", "public_key", "sign_count", "name", ...}
ARGS = None


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def date(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def now():
    return datetime.now(timezone.utc)


def user_json(user):
    return {"id": user["id"], "email": user["email"], "name": user["name"], "type": user["type"]}


def session_for(user):
    token, refresh = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
    TOKENS[token] = (user["id"], time.time())
    REFRESH[refresh] = user["id"]
    return {
        "user": user_json(user),
        "token": token,
        "expiresAt": date(now() + timedelta(minutes=15)),
        "refreshToken": refresh,
        "refreshExpiresAt": date(now() + timedelta(days=30)),
    }


def passkey_json(key):
    return {
        "id": b64url(key["id"]),
        "name": key["name"],
        "createdAt": date(key["created"]),
        "lastUsedAt": date(key["used"]) if key["used"] else None,
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Length", str(len(data)))
        if body is not None:
            self.send_header("Content-Type", "application/json")
            self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def error(self, status, code):
        self.answer(status, {"error": {"code": code, "message": code.replace("_", " ")}})

    def body(self):
        return json.loads(self.raw_body or b"{}")

    def signed_in(self):
        value = self.headers.get("Authorization") or ""
        if not value.startswith("Bearer "):
            return None
        return TOKENS.get(value[len("Bearer "):])

    def do_GET(self):
        with LOCK:
            self.route("GET")

    def do_POST(self):
        with LOCK:
            self.route("POST")

    def do_PATCH(self):
        with LOCK:
            self.route("PATCH")

    def do_DELETE(self):
        with LOCK:
            self.route("DELETE")

    def route(self, method):
        path = self.path.split("?")[0]
        # Every body is read, used or not: bytes left unread on a kept-alive connection would
        # be taken for the start of the next request ("{}POST ...", 501).
        self.raw_body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            handler = ROUTES.get((method, path))
            if handler:
                return handler(self)
            if path.startswith("/v1/auth/passkeys/") and method in ("PATCH", "DELETE"):
                return passkey_change(self, method, path[len("/v1/auth/passkeys/"):])
            self.error(404, "not_found")
        except (ValueError, KeyError, TypeError, json.JSONDecodeError):
            self.error(400, "malformed_body")


def sign_up(h):
    body = h.body()
    email = body["email"].strip().lower()
    if any(u["email"] == email for u in USERS.values()):
        return h.error(409, "email_taken")
    user = {
        "id": "usr_" + secrets.token_hex(6), "email": email, "password": body["password"],
        "name": body.get("name"), "type": body["type"], "handle": secrets.token_bytes(32),
    }
    USERS[user["id"]] = user
    h.answer(201, session_for(user))


def sign_in(h):
    body = h.body()
    email = body["email"].strip().lower()
    for user in USERS.values():
        if user["email"] == email and user["password"] == body["password"]:
            return h.answer(200, session_for(user))
    h.error(401, "invalid_credentials")


def session(h):
    found = h.signed_in()
    if not found:
        return h.error(401, "invalid_token")
    h.answer(200, {"user": user_json(USERS[found[0]]),
                   "expiresAt": date(now() + timedelta(minutes=15))})


def users_me(h):
    found = h.signed_in()
    if not found:
        return h.error(401, "invalid_token")
    h.answer(200, user_json(USERS[found[0]]))


def refresh(h):
    token = h.body()["refreshToken"]
    user = REFRESH.pop(token, None)
    if not user:
        return h.error(401, "invalid_refresh_token")
    h.answer(200, session_for(USERS[user]))


def sign_out(h):
    value = (h.headers.get("Authorization") or "")[len("Bearer "):]
    TOKENS.pop(value, None)
    h.answer(204)


def revoke(h):
    REFRESH.pop(h.body().get("refreshToken", ""), None)
    h.answer(204)


def new_flow(kind, challenge, user=None):
    flow = "pkf_" + secrets.token_hex(10)
    FLOWS[flow] = {"challenge": challenge, "kind": kind, "user": user,
                   "expires": time.time() + 300}
    return flow


def take_flow(flow, kind):
    found = FLOWS.pop(flow, None)
    if not found or found["kind"] != kind or found["expires"] < time.time():
        return None
    return found


def registration_options(h):
    found = h.signed_in()
    if not found:
        return h.error(401, "invalid_token")
    user = USERS[found[0]]
    options = generate_registration_options(
        rp_id=ARGS.rp_id, rp_name="Koober (py_webauthn)", user_name=user["email"],
        user_id=user["handle"], user_display_name=user["name"] or user["email"],
        timeout=300000,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=k["id"])
                             for k in PASSKEYS.values() if k["user"] == user["id"]],
        supported_pub_key_algs=[COSEAlgorithmIdentifier.ECDSA_SHA_256,
                                COSEAlgorithmIdentifier.RSASSA_PKCS1_v1_5_SHA_256])
    flow = new_flow("create", options.challenge, user["id"])
    h.answer(200, {"flowId": flow, "publicKey": json.loads(options_to_json(options))})


def registration(h):
    found = h.signed_in()
    if not found:
        return h.error(401, "invalid_token")
    body = h.body()
    flow = take_flow(body["flowId"], "create")
    if not flow or flow["user"] != found[0]:
        return h.error(410, "flow_expired")
    try:
        verified = verify_registration_response(
            credential=body["credential"], expected_challenge=flow["challenge"],
            expected_rp_id=ARGS.rp_id, expected_origin=ARGS.origin)
    except Exception as failure:  # py_webauthn raises its own exception types
        print("registration refused:", failure, file=sys.stderr, flush=True)
        return h.error(400, "invalid_passkey")
    if verified.credential_id in PASSKEYS:
        return h.error(409, "passkey_exists")
    key = {"id": verified.credential_id, "user": found[0],
           "public_key": verified.credential_public_key, "sign_count": verified.sign_count,
           "name": body.get("name") or "Passkey", "created": now(), "used": None}
    PASSKEYS[verified.credential_id] = key
    h.answer(201, {"passkey": passkey_json(key)})


def authentication_options(h):
    options = generate_authentication_options(
        rp_id=ARGS.rp_id, timeout=300000,
        user_verification=UserVerificationRequirement.PREFERRED)
    flow = new_flow("get", options.challenge)
    h.answer(200, {"flowId": flow, "publicKey": json.loads(options_to_json(options))})


def authentication(h):
    body = h.body()
    flow = take_flow(body["flowId"], "get")
    if not flow:
        return h.error(410, "flow_expired")
    credential = body["credential"]
    key = PASSKEYS.get(unb64url(credential["rawId"]))
    handle = (credential.get("response") or {}).get("userHandle")
    if not key or not handle or USERS[key["user"]]["handle"] != unb64url(handle):
        return h.error(401, "invalid_passkey")
    try:
        verified = verify_authentication_response(
            credential=credential, expected_challenge=flow["challenge"],
            expected_rp_id=ARGS.rp_id, expected_origin=ARGS.origin,
            credential_public_key=key["public_key"],
            credential_current_sign_count=key["sign_count"])
    except Exception as failure:
        print("authentication refused:", failure, file=sys.stderr, flush=True)
        return h.error(401, "invalid_passkey")
    key["sign_count"] = verified.new_sign_count
    key["used"] = now()
    h.answer(200, session_for(USERS[key["user"]]))


def passkey_list(h):
    found = h.signed_in()
    if not found:
        return h.error(401, "invalid_token")
    keys = sorted((k for k in PASSKEYS.values() if k["user"] == found[0]),
                  key=lambda k: k["created"])
    h.answer(200, {"passkeys": [passkey_json(k) for k in keys]})


def passkey_change(h, method, ident):
    found = h.signed_in()
    if not found:
        return h.error(401, "invalid_token")
    try:
        key = PASSKEYS.get(unb64url(ident))
    except ValueError:
        key = None
    if not key or key["user"] != found[0]:
        return h.error(404, "not_found")
    if method == "DELETE":
        del PASSKEYS[key["id"]]
        return h.answer(204)
    key["name"] = h.body()["name"]
    h.answer(200, passkey_json(key))


ROUTES = {
    ("POST", "/v1/auth/sign-up"): sign_up,
    ("POST", "/v1/auth/sign-in"): sign_in,
    ("GET", "/v1/auth/session"): session,
    ("GET", "/v1/users/me"): users_me,
    ("POST", "/v1/auth/refresh"): refresh,
    ("POST", "/v1/auth/sign-out"): sign_out,
    ("POST", "/v1/auth/revoke"): revoke,
    ("POST", "/v1/auth/passkeys/registration/options"): registration_options,
    ("POST", "/v1/auth/passkeys/registration"): registration,
    ("POST", "/v1/auth/passkeys/authentication/options"): authentication_options,
    ("POST", "/v1/auth/passkeys/authentication"): authentication,
    ("GET", "/v1/auth/passkeys"): passkey_list,
}


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--rp-id", default="localhost")
    parser.add_argument("--origin", default="https://localhost")
    ARGS = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", ARGS.port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("listening", server.server_address[1], flush=True)
    sys.stdin.read()  # the test closes stdin (or dies) to stop the server
    server.shutdown()


if __name__ == "__main__":
    main()
