"""PEM armor (RFC 7468) for qed.rsa's PKCS #1 keys, read strictly.

Written: "-----BEGIN <label>-----", the DER in base64 with lines of 64
characters (the last one shorter), "-----END <label>-----", each line
ended by a newline.  Read: exactly that text and nothing else, with "\\n"
or "\\r\\n" line ends (one kind throughout) and the final line end
optional; the base64 must be the canonical encoding of its bytes (no
whitespace, no stray characters, no line longer or shorter than 64 but
the last, padding only at the end, no non-zero bits in the padding), so
one key has exactly one PEM form.  Anything else (explanatory text around
the armor, headers such as Proc-Type of an encrypted key, a second block)
is refused with ValueError."""
import base64
import binascii
import re

_LINE = 64
_ARMOR = re.compile(r"-----(BEGIN|END) ([A-Z0-9 ]+)-----")


def encode(der: bytes, label: str) -> bytes:
    """der in PEM armor with the given label."""
    body = base64.b64encode(der).decode("ascii")
    lines = [body[i:i + _LINE] for i in range(0, len(body), _LINE)]
    return ("\n".join([f"-----BEGIN {label}-----", *lines,
                       f"-----END {label}-----"]) + "\n").encode("ascii")


def label_of(text: bytes) -> str:
    """The label of the first line's BEGIN armor, or ValueError."""
    first = text.split(b"\n", 1)[0].rstrip(b"\r")
    m = _ARMOR.fullmatch(first.decode("ascii", "replace"))
    if not m or m.group(1) != "BEGIN":
        raise ValueError("PEM: the text does not start with a "
                         "'-----BEGIN ...-----' line")
    return m.group(2)


def decode(text: bytes, label: str) -> bytes:
    """The DER inside PEM text of exactly this label; ValueError for any
    deviation from the canonical form described above."""
    try:
        s = text.decode("ascii")
    except UnicodeDecodeError:
        raise ValueError("PEM: not ASCII text") from None
    eol = "\r\n" if "\r\n" in s else "\n"
    rest = s.replace(eol, "")
    if "\r" in rest or "\n" in rest:
        raise ValueError("PEM: mixed or stray line ends")
    lines = s.split(eol)
    if lines and lines[-1] == "":
        lines.pop()  # the final line end
    begin, end = f"-----BEGIN {label}-----", f"-----END {label}-----"
    if len(lines) < 3 or lines[0] != begin:
        raise ValueError(f"PEM: expected '{begin}' on the first line")
    if lines[-1] != end:
        raise ValueError(f"PEM: expected '{end}' on the last line, "
                         "with nothing after it")
    body = lines[1:-1]
    if any(":" in ln for ln in body):
        raise ValueError("PEM: headers (an encrypted key?) are not "
                         "supported")
    joined = "".join(body)
    if not re.fullmatch(r"[A-Za-z0-9+/]*={0,2}", joined) or \
            len(joined) % 4:
        raise ValueError("PEM: the body is not base64")
    try:
        der = base64.b64decode(joined, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("PEM: the body is not base64") from None
    canonical = base64.b64encode(der).decode("ascii")
    if canonical != joined:
        raise ValueError("PEM: the base64 is not canonical (bits set in "
                         "the padding)")
    want = [canonical[i:i + _LINE] for i in range(0, len(canonical), _LINE)]
    if body != want:
        raise ValueError(f"PEM: base64 lines must be {_LINE} characters "
                         "long (the last one at most)")
    return der
