#!/usr/bin/env python3
"""A passkey sign-in next to a password sign-in, against `koober serve` (the reference
backend, default settings: 600,000 PBKDF2 iterations), timed from a client over loopback.

    swift build -c release --product koober
    .build-softwebauthn-venv/bin/python Benchmarks/PasskeySignIn/time_sign_in.py \\
        [.build/release/koober] [ROUNDS]

Not a test: it prints medians and 90th percentiles of
  - a password sign-in: `POST /v1/auth/sign-in` (one PBKDF2 check),
  - a passkey sign-in: `POST …/authentication/options`, soft-webauthn's assertion, then
    `POST …/authentication` (one ES256 check), and that last request alone.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "SoftWebAuthn"))
from client import Client, b64  # noqa: E402


def timed(action, rounds):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9) - 1]


def main():
    koober = sys.argv[1] if len(sys.argv) > 1 else ".build/release/koober"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    with tempfile.TemporaryDirectory() as folder:
        environment = dict(os.environ, HOME=folder)
        environment.pop("KOOBER_BACKEND_ITERATIONS", None)
        server = subprocess.Popen(
            [koober, "serve", "--port", "0", "--data-dir", os.path.join(folder, "data")],
            stdout=subprocess.PIPE, env=environment, text=True)
        try:
            base = server.stdout.readline().strip().rsplit(" ", 1)[-1]
            client = Client(base, "https://localhost")
            email, password = "ann@example.com", "passw0rd!"
            status, session = client.post(
                "/v1/auth/sign-up", {"email": email, "password": password, "type": "passenger"})
            assert status == 201, status
            assert client.register("ann", session["token"])["status"] == 201

            def password_sign_in():
                answer = client.post("/v1/auth/sign-in", {"email": email, "password": password})
                assert answer[0] == 200, answer

            finish_times = []

            def passkey_sign_in():
                path = "/v1/auth/passkeys/authentication"
                flow, options = client.options(path + "/options")
                got = client.devices["ann"].get(options, client.origin)
                response = got["response"]
                body = {"flowId": flow, "credential": {
                    "id": b64(got["rawId"]), "rawId": b64(got["rawId"]),
                    "type": "public-key", "clientExtensionResults": {},
                    "response": {key: b64(response[key]) for key in (
                        "clientDataJSON", "authenticatorData", "signature", "userHandle")}}}
                start = time.perf_counter()
                answer = client.post(path, body)
                finish_times.append((time.perf_counter() - start) * 1000)
                assert answer[0] == 200, answer

            # One of each first, so neither pays for a cold start.
            password_sign_in()
            passkey_sign_in()
            finish_times.clear()
            password = timed(password_sign_in, rounds)
            passkey = timed(passkey_sign_in, rounds)
            finish_times.sort()
            finish = (statistics.median(finish_times),
                      finish_times[int(len(finish_times) * 0.9) - 1])
        finally:
            server.terminate()
            server.wait()
    print(f"rounds: {rounds} each, {os.cpu_count()} cores")
    print(f"password sign-in (PBKDF2, 600,000 iterations): median {password[0]:.2f} ms, "
          f"p90 {password[1]:.2f} ms")
    print(f"passkey sign-in (options + assertion + ES256 check): median {passkey[0]:.2f} ms, "
          f"p90 {passkey[1]:.2f} ms")
    print(f"  of which POST …/authentication alone: median {finish[0]:.2f} ms, "
          f"p90 {finish[1]:.2f} ms")


if __name__ == "__main__":
    main()
