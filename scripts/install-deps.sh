#!/bin/sh
# Install what qed's build, proof, tests and benchmark need, from Debian's
# packages, if it is missing.  Run as root, or as a user who may sudo.
# Python packages are not installed here: `make` puts them in .venv.
set -eu

PACKAGES="gcc make clang pkg-config bc python3 python3-venv
  frama-c-base why3 z3 cvc4 cvc5
  valgrind libssl-dev libbotan-2-dev libbearssl-dev g++ python3-dev libsodium-dev
  libgmp-dev
  signify-openbsd
  qemu-user gcc-s390x-linux-gnu libc6-dev-s390x-cross
  gcc-riscv64-unknown-elf
  gcc-i686-linux-gnu libc6-dev-i386-cross gcc-powerpc-linux-gnu libc6-dev-powerpc-cross
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
  libclang-rt-14-dev llvm-14"

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing="$missing $p"
  fi
done
if [ -z "$missing" ]; then
  echo "install-deps: everything is installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
echo "install-deps: installing$missing"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "install-deps: done"
