"""lets-go 0.3.11 (PyPI), its rules back end lets_go.backend.GoBackend: the shrunk finding of
the own-rules positional-superko cell of the committed report
(spec/engines/findings/lets-go/own-998060bc8e4747f7), replayed with try_move(row, col) (None
when it refuses) and pass_move(); row 0 is the top row. Black's last B5 gives back the board of
five turns before, across a pass (spec/engines/lets-go.md, verdict 1)."""
from lets_go.backend import GoBackend

TURNS = "B A1, W B1, B B2, W D1, B B5, W C2, B D5, W A5, B C4, W B4, B C1, W C5, B pass, W B1"
g = GoBackend(5)
boards = [[[None] * 5 for _ in range(5)]]


def play(point):
    if point == "pass":
        g.pass_move()
        return boards[-1]
    move = g.try_move(5 - int(point[1:]), "ABCDE".index(point[0]))
    assert move is not None, f"{point} refused"
    return [row[:] for row in move.grid]


for turn in TURNS.split(", "):
    boards.append(play(turn.split()[1]))
move = g.try_move(5 - 5, "ABCDE".index("B"))  # Black B5
played = move is not None
earlier = [i for i, b in enumerate(boards) if played and b == move.grid]
print("own-998060bc8e4747f7: Black's B5 after", TURNS[-16:] + ":",
      "played" if played else "refused", "| its board is the board after turn", earlier)
