#!/usr/bin/env python3
"""Pictures over SSH (issue 35): `sftp put` of a 2 MB picture to `openmarket ssh` (its own SFTP, in the key's
upload folder) against OpenSSH's sshd with its own sftp-server on the same machine, in the same run, rounds
alternating. Each round is one `sftp -b` session putting the picture ten times (20 MB): the session's wall time
(handshake included) and the throughput of the puts alone (sftp's own transfer timing is not printed in batch
mode, so the puts' time is the session's minus an empty session's on the same server, both medians).

Needs root (a throwaway sshd on a loopback port). Usage: python3 bench/sftp.py [BIN] [--rounds R]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time


def padded_jpeg(source, size):
    """A real JPEG padded with comment segments to `size` bytes, as a camera's EXIF pads a photo."""
    base = open(source, "rb").read()
    need = size - len(base)
    out = bytearray(base[:2])
    while need > 0:
        payload = min(need - 4, 65533)
        left = need - 4 - payload
        if 0 < left < 4:
            payload -= 4
        out += bytes([0xFF, 0xFE, (payload + 2) >> 8, (payload + 2) & 0xFF]) + b" " * payload
        need -= payload + 4
    out += base[2:]
    return bytes(out)


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, timeout=120):
    import socket
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing listens on {port}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=".build/release/openmarket")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("bench/sftp.py runs a throwaway sshd: run it as root")
    work = tempfile.mkdtemp(prefix="om-bench-sftp-")
    processes = []
    try:
        key = os.path.join(work, "id")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", os.path.join(work, "host")], check=True)
        shutil.copy(key + ".pub", os.path.join(work, "authorized_keys"))
        os.chmod(os.path.join(work, "authorized_keys"), 0o600)
        picture = os.path.join(work, "photo.jpg")
        with open(picture, "wb") as f:
            f.write(padded_jpeg("Tests/FuzzCorpus/picture/small-420.jpg", 2 << 20))

        # openmarket ssh, vendor keys.
        front = subprocess.Popen(
            [args.binary, "ssh", "--port", "0", "--data-dir", os.path.join(work, "data"), "--authorized-keys",
             os.path.join(work, "authorized_keys"), "--log-level", "warning"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        processes.append(front)
        front_port = None
        for line in front.stdout:
            if "on 127.0.0.1:" in line and front_port is None:
                front_port = int(line.split("on 127.0.0.1:")[1].split()[0].strip(".,"))
            if "Stop with Ctrl-C" in line:
                break
        # OpenSSH: sshd with its own sftp-server, the same key, root's home as the folder.
        sshd_port = free_port()
        os.makedirs("/run/sshd", exist_ok=True)
        config = os.path.join(work, "sshd_config")
        with open(config, "w") as f:
            f.write(f"""ListenAddress 127.0.0.1:{sshd_port}
HostKey {work}/host
PidFile {work}/sshd.pid
AuthorizedKeysFile {work}/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp /usr/lib/openssh/sftp-server
""")
        sshd = subprocess.Popen(["/usr/sbin/sshd", "-D", "-e", "-f", config], stderr=subprocess.DEVNULL)
        processes.append(sshd)
        wait_port(sshd_port)
        target_dir = os.path.join(work, "openssh-target")
        os.makedirs(target_dir)

        options = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                   "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-i", key]

        def session(port, commands, cipher=None):
            batch = os.path.join(work, "batch")
            with open(batch, "w") as f:
                f.write("\n".join(commands) + "\n")
            started = time.perf_counter()
            run = subprocess.run(["sftp", "-P", str(port), "-b", batch] + options + (["-c", cipher] if cipher else []) + ["127.0.0.1"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            elapsed = time.perf_counter() - started
            if run.returncode != 0:
                raise SystemExit(f"sftp on {port} exited {run.returncode}: {run.stderr[-500:]}")
            return elapsed

        # swift-nio-ssh speaks AES-GCM only; OpenSSH's client prefers ChaCha20-Poly1305: OpenSSH is measured
        # both ways, its own default and the front's cipher.
        peers = {
            "openmarket ssh": (front_port, "photo.jpg", None),
            "OpenSSH sftp-server": (sshd_port, os.path.join(target_dir, "photo.jpg"), None),
            "OpenSSH, aes256-gcm": (sshd_port, os.path.join(target_dir, "photo.jpg"), "aes256-gcm@openssh.com"),
        }
        times = {name: {"empty": [], "puts": []} for name in peers}
        session(front_port, ["ls"]), session(sshd_port, ["ls"])  # warm both
        for _ in range(args.rounds):
            for name, (port, remote, cipher) in peers.items():
                times[name]["empty"].append(session(port, ["pwd"], cipher))
                times[name]["puts"].append(session(port, [f"put {picture} {remote}"] * 10, cipher))
        load = os.getloadavg()
        print(f"## sftp put of a 2 MB picture, ten a session; {args.rounds} rounds alternating; "
              f"load before/after {load[0]:.2f}")
        rates = {}
        for name in peers:
            empty = statistics.median(times[name]["empty"])
            puts = statistics.median(times[name]["puts"])
            rate = 20 / max(puts - empty, 1e-6)
            rates[name] = rate
            print(f"{name:22} session of 10 puts {puts:.3f} s (empty session {empty:.3f} s): {rate:.1f} MiB/s, "
                  f"{(puts - empty) / 10 * 1000:.1f} ms a picture")
        print(f"openmarket ssh / OpenSSH throughput: {rates['openmarket ssh'] / rates['OpenSSH sftp-server']:.2f} "
              f"(its default cipher), {rates['openmarket ssh'] / rates['OpenSSH, aes256-gcm']:.2f} (the same cipher)")
    finally:
        for process in processes:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
