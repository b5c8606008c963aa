# Keep the [Taglen = 128] sections of a CAVP GCM .rsp file (qed's GCM API
# has 16-byte tags), every record of them, byte for byte.
import sys
lines = open(sys.argv[1]).read().split('\n')
out = []; hdr = []; keep = True; i = 0
# file header: comment lines before the first '['
while i < len(lines) and not lines[i].startswith('['):
    out.append(lines[i]); i += 1
sect = []; cur_hdr = []
def flush():
    if cur_hdr and any(h.strip() == '[Taglen = 128]' for h in cur_hdr):
        out.extend(cur_hdr); out.extend(sect)
while i < len(lines):
    l = lines[i]
    if l.startswith('['):
        if sect or not cur_hdr or not cur_hdr[-1].startswith('['):
            # a new header block starts
            if sect: flush()
            cur_hdr = []; sect = []
        cur_hdr.append(l)
    else:
        sect.append(l)
    i += 1
flush()
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
