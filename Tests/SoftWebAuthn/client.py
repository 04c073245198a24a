#!/usr/bin/env python3
"""soft-webauthn (PyPI `soft-webauthn`, with `fido2` 1.x) against the reference backend's
passkey routes, for Tests/KooberBackendTests: an authenticator nobody here wrote.

    client.py BASE_URL ORIGIN

reads one command a line on standard input and answers each with one JSON line on standard
output, `{"status": HTTP status, "code": error code or null}`, so the Swift test can move the
backend's clock between two commands. Devices are named; each holds one credential.

    register DEVICE TOKEN [BEND]     options, SoftWebauthnDevice.create, then the post
    authenticate DEVICE [BEND]       options, SoftWebauthnDevice.get, then the post
    finish                           posts what the last `hold` kept
    quit

Bends (each one departure from an honest ceremony):
    register:      origin, rpid, noup, name, sameid:OTHER, again, hold
    authenticate:  origin, rpid, noup, flip, unknown, handle:OTHER, countback, replay,
                   again, hold
`again` posts the last successful body again, flow and all; `replay` posts the last
successful credential with a new flow; `hold` stops before the post until `finish`.
A status of 0 means the options themselves were refused: their status is in "optionsStatus".
"""

import json
import sys
import urllib.error
import urllib.request
from base64 import urlsafe_b64decode, urlsafe_b64encode

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from fido2 import cbor
from soft_webauthn import SoftWebauthnDevice

OTHER_ORIGIN = "https://evil.example"
OTHER_RP_ID = "evil.example"


def b64(data):
    return urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unb64(text):
    return urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Client:
    def __init__(self, base, origin):
        self.base = base.rstrip("/")
        self.origin = origin
        self.devices = {}
        self.last_body = {}
        self.held = None

    def post(self, path, body, token=None):
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json"})
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request) as answer:
                return answer.status, json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def finish(self, path, body, token=None):
        status, answer = self.post(path, body, token)
        if status < 300:
            self.last_body[path] = (body, token)
        return {"status": status, "code": answer.get("error", {}).get("code")}

    def options(self, path, token=None):
        """The options with the binary members soft-webauthn reads as bytes."""
        status, answer = self.post(path, {}, token)
        if status != 200:
            return None, {"status": 0, "optionsStatus": status,
                          "code": answer.get("error", {}).get("code")}
        public_key = answer["publicKey"]
        public_key["challenge"] = unb64(public_key["challenge"])
        if "user" in public_key:
            public_key["user"]["id"] = unb64(public_key["user"]["id"])
        return answer["flowId"], {"publicKey": public_key}

    def register(self, name, token, bend=""):
        path = "/v1/auth/passkeys/registration"
        if bend == "again":
            body, token = self.last_body[path]
            return self.finish(path, body, token)
        flow, options = self.options(path + "/options", token)
        if flow is None:
            return options
        device = SoftWebauthnDevice()
        if bend.startswith("sameid:"):
            fixed = self.devices[bend.split(":", 1)[1]].credential_id
            plain_init = device.cred_init

            def cred_init(rp_id, user_handle):
                plain_init(rp_id, user_handle)
                device.credential_id = fixed
            device.cred_init = cred_init
        if bend == "rpid":
            options["publicKey"]["rp"]["id"] = OTHER_RP_ID
        origin = OTHER_ORIGIN if bend == "origin" else self.origin
        made = device.create(options, origin)
        if bend == "noup":
            attestation = cbor.decode(made["response"]["attestationObject"])
            data = bytearray(attestation["authData"])
            data[32] &= ~0x01
            attestation["authData"] = bytes(data)
            made["response"]["attestationObject"] = cbor.encode(attestation)
        credential = {
            "id": b64(made["rawId"]), "rawId": b64(made["rawId"]), "type": "public-key",
            "response": {
                "clientDataJSON": b64(made["response"]["clientDataJSON"]),
                "attestationObject": b64(made["response"]["attestationObject"]),
            },
            "clientExtensionResults": {},
        }
        body = {"flowId": flow, "name": "soft\x07key" if bend == "name" else "soft-webauthn",
                "credential": credential}
        if bend == "hold":
            self.held = (path, body, token)
            self.devices[name] = device
            return {"status": 0, "held": True}
        answer = self.finish(path, body, token)
        if answer["status"] == 201:
            self.devices[name] = device
        return answer

    def authenticate(self, name, bend=""):
        path = "/v1/auth/passkeys/authentication"
        if bend == "again":
            body, _ = self.last_body[path]
            return self.finish(path, body)
        if bend == "replay":
            body, _ = self.last_body[path]
            flow, _ = self.options(path + "/options")
            return self.finish(path, dict(body, flowId=flow))
        flow, options = self.options(path + "/options")
        if bend == "unknown":
            device = SoftWebauthnDevice()
            device.cred_init(options["publicKey"]["rpId"], b"\x01" * 32)
        else:
            device = self.devices[name]
        saved = (device.rp_id, device.user_handle, device.sign_count)
        if bend == "rpid":
            device.rp_id = options["publicKey"]["rpId"] = OTHER_RP_ID
        if bend.startswith("handle:"):
            device.user_handle = self.devices[bend.split(":", 1)[1]].user_handle
        if bend == "countback":
            device.sign_count = 0
        origin = OTHER_ORIGIN if bend == "origin" else self.origin
        got = device.get(options, origin)
        if bend == "rpid" or bend.startswith("handle:"):
            device.rp_id, device.user_handle = saved[0], saved[1]
        response = got["response"]
        if bend == "noup":
            data = bytearray(response["authenticatorData"])
            data[32] &= ~0x01
            response["authenticatorData"] = bytes(data)
            signed = bytes(data) + sha256(response["clientDataJSON"])
            response["signature"] = device.private_key.sign(signed, ec.ECDSA(hashes.SHA256()))
        if bend == "flip":
            signature = bytearray(response["signature"])
            signature[len(signature) // 2] ^= 0x01
            response["signature"] = bytes(signature)
        credential = {
            "id": b64(got["rawId"]), "rawId": b64(got["rawId"]), "type": "public-key",
            "response": {
                "clientDataJSON": b64(response["clientDataJSON"]),
                "authenticatorData": b64(response["authenticatorData"]),
                "signature": b64(response["signature"]),
                "userHandle": b64(response["userHandle"]),
            },
            "clientExtensionResults": {},
        }
        body = {"flowId": flow, "credential": credential}
        if bend == "hold":
            self.held = (path, body, None)
            return {"status": 0, "held": True}
        return self.finish(path, body)

    def run(self, words):
        command, arguments = words[0], words[1:]
        if command == "register":
            return self.register(*arguments)
        if command == "authenticate":
            return self.authenticate(*arguments)
        if command == "finish":
            path, body, token = self.held
            return self.finish(path, body, token)
        raise ValueError("unknown command " + command)


def sha256(data):
    digest = hashes.Hash(hashes.SHA256())
    digest.update(data)
    return digest.finalize()


def main():
    client = Client(sys.argv[1], sys.argv[2])
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] == "quit":
            break
        try:
            answer = client.run(words)
        except Exception as error:  # the test reads the failure instead of a dead pipe
            answer = {"status": -1, "error": repr(error)}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
