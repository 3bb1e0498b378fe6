# A terminal that answers Device Attributes (DA1) queries as late as it may: it holds every reply
# until the program either asks DA1 again (it is waiting for the answers) or gives the terminal
# back (bracketed paste turned off), then answers every query asked so far, in order.
#
# Usage: python3 late-reply-terminal.py FIFO ACTION -- COMMAND...
#   FIFO    the hold-pi-tui.mjs FIFO: one byte is written to it once the first frame shows
#   ACTION  "term" (SIGTERM before pi-tui loads), or keys to type once pi-tui has asked ("\r", "\x1b")
# Prints, as JSON, what the terminal showed after the program ended: the echo of anything the
# line discipline received in cooked mode (a late reply, had the program let it be echoed).
import json
import os
import pty
import select
import signal
import sys
import termios
import fcntl
import struct

seen = b""
signal.signal(signal.SIGALRM, lambda *_: (sys.stderr.write(repr(seen)), os._exit(3)))
signal.alarm(20)  # a hang is a failure, not a stuck suite
fifo, action, command = sys.argv[1], sys.argv[2], sys.argv[4:]
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
pid = os.fork()
if pid == 0:
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    os.execvp(command[0], command)

# The slave stays open here too: after the program ends the line discipline still echoes.
seen = b""


def read_until(predicate):
    global seen
    while not predicate(seen):
        select.select([master], [], [])
        seen += os.read(master, 65536)


QUERY = b"\x1b[c"
read_until(lambda s: b"\x1b[?2026l" in s)  # the first frame, drawn whole
if action == "term":
    os.kill(pid, signal.SIGTERM)
with open(fifo, "wb") as hold:
    hold.write(b"x")
read_until(lambda s: QUERY in s)
start = seen.index(QUERY) + len(QUERY)
if action != "term":
    os.write(master, action.encode().decode("unicode_escape").encode())
read_until(lambda s: QUERY in s[start:] or b"\x1b[?2004l" in s[start:])
replied = len(seen)
os.write(master, b"\x1b[?1;2c" * seen.count(QUERY))
_, status = os.waitpid(pid, 0)
# A byte written after the end is echoed after any earlier input: all echo is in once it shows.
os.write(master, b"Z")
read_until(lambda s: b"Z" in s[replied:])
print(json.dumps({"after": seen[replied:].decode("utf8", "replace"), "status": status}))
