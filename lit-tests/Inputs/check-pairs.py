"""Checks the communication of par-materialize's output: every par.send has exactly one par.recv with the
same tag, in the peer's device function, naming the sender as its peer, of the same tensor type; every
par.all_reduce runs in each device function of its group, and each device reaches its collectives in
one order. Usage: python3 check-pairs.py FILE.mlir (prints a summary; exit 1 on a mismatch)."""
import re
import sys

text = open(sys.argv[1]).read()
device = None
sends, recvs, reduces = {}, {}, {}
for line in text.splitlines():
    m = re.match(r"\s*func\.func @\S+_device(\d+)\(", line)
    if m:
        device = int(m.group(1))
        reduces.setdefault(device, [])
        continue
    if re.match(r"\s*func\.func ", line):
        device = None
    if device is None:
        continue
    m = re.search(r'"par\.send"\(%[\w.]+\) \{peer = (\d+) : i64, tag = (\d+) : i64\} : \((tensor<[^>]*>)\)', line)
    if m:
        peer, tag, ty = int(m.group(1)), int(m.group(2)), m.group(3)
        assert tag not in sends, f"tag {tag} sent twice"
        sends[tag] = (device, peer, ty)
    m = re.search(r'"par\.recv"\(\) \{peer = (\d+) : i64, tag = (\d+) : i64\} : \(\) -> (tensor<[^>]*>)', line)
    if m:
        peer, tag, ty = int(m.group(1)), int(m.group(2)), m.group(3)
        assert tag not in recvs, f"tag {tag} received twice"
        recvs[tag] = (device, peer, ty)
    m = re.search(r'"par\.all_reduce"\(%[\w.]+\) \{group = array<i64: ([\d, ]+)>, kind = "(\w+)"\} : \((tensor<[^>]*>)\)', line)
    if m:
        reduces[device].append((tuple(int(d) for d in m.group(1).split(",")), m.group(2), m.group(3)))

errors = []
for tag, (src, peer, ty) in sorted(sends.items()):
    if tag not in recvs:
        errors.append(f"tag {tag}: sent by {src} but never received")
    elif recvs[tag] != (peer, src, ty):
        errors.append(f"tag {tag}: send {src}->{peer} {ty}, recv {recvs[tag]}")
errors += [f"tag {tag}: received but never sent" for tag in recvs if tag not in sends]
# Each device's sequence of collectives, restricted to a group, must be the same for every member.
for d, ops in reduces.items():
    for group, kind, ty in ops:
        if d not in group:
            errors.append(f"device {d} runs an all_reduce of group {group}")
        for other in group:
            mine = [op for op in ops if op[0] == group]
            theirs = [op for op in reduces.get(other, []) if op[0] == group]
            if mine != theirs:
                errors.append(f"devices {d} and {other} disagree on the all_reduces of group {group}")
for e in sorted(set(errors)):
    print("error:", e)
print(f"{len(sends)} send/recv pairs, {sum(len(v) for v in reduces.values())} all_reduce calls, {len(reduces)} devices")
sys.exit(1 if errors else 0)
