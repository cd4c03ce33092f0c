"""The rulebook's worked example (docs/rules.md, its end), effect by effect (R9, R10, R11)."""

from kahuna import BLACK, WHITE, describe
from kahuna.rules.board import ISLANDS

from .helpers import bridges, island, line, names, play, worked_example


def test_r10_r11_worked_example_starting_position():
    """The hand-built start: Black holds ALOA and HUNA, White holds DUDA (R10)."""
    s = worked_example()
    assert names(s.islands(BLACK)) == ["ALOA", "HUNA"]
    assert names(s.islands(WHITE)) == ["DUDA"]


def test_r11_worked_example_every_effect():
    """The rulebook's two turns: both White placements and Black's removal + placement."""
    s = worked_example()

    # White places BARI-DUDA: takes BARI; Black's ALOA-BARI goes; Black loses ALOA.
    (fx,) = play(s, "BARI>DUDA")
    assert fx.player == WHITE
    assert names(fx.gained) == ["BARI"]
    assert fx.removed == [line("ALOA-BARI")]
    assert names(fx.lost) == ["ALOA"]
    assert names(s.islands(WHITE)) == ["BARI", "DUDA"]
    assert names(s.islands(BLACK)) == ["HUNA"]
    assert s.owner[line("BARI-DUDA")] == WHITE and s.owner[line("ALOA-BARI")] == -1
    assert s.supply == [25 - 6, 25 - 7]

    # White places ALOA-BARI: takes ALOA; Black's ALOA-HUNA goes; Black loses HUNA.
    (fx,) = play(s, "ALOA>BARI")
    assert names(fx.gained) == ["ALOA"]
    assert fx.removed == [line("ALOA-HUNA")]
    assert names(fx.lost) == ["HUNA"]
    assert names(s.islands(WHITE)) == ["ALOA", "BARI", "DUDA"]
    assert s.islands(BLACK) == []
    assert s.supply == [25 - 5, 25 - 8]

    play(s, "pile")
    assert s.to_move == BLACK

    # Black plays HUNA+HUNA and removes White's HUNA-ELAI: nobody gains or loses.
    (fx,) = play(s, "HUNA+HUNA/ELAI-HUNA")
    assert fx.player == BLACK
    assert fx.removed == [line("ELAI-HUNA")]
    assert fx.gained == [] and fx.lost == []
    assert s.owner[line("ELAI-HUNA")] == -1
    assert s.supply == [25 - 5, 25 - 7]

    # Black plays ELAI on HUNA-ELAI: takes HUNA and ELAI; White's HUNA-DUDA, DUDA-ELAI
    # and ELAI-BARI go; White loses DUDA (and keeps BARI, still 3 of 5).
    (fx,) = play(s, "ELAI>HUNA")
    assert sorted(names(fx.gained)) == ["ELAI", "HUNA"]
    assert sorted(fx.removed) == sorted(line(x) for x in ("DUDA-HUNA", "DUDA-ELAI", "BARI-ELAI"))
    assert names(fx.lost) == ["DUDA"]
    assert names(s.islands(BLACK)) == ["ELAI", "HUNA"]
    assert names(s.islands(WHITE)) == ["ALOA", "BARI"]
    assert bridges(s, BLACK) == ["ELAI-FAAA", "ELAI-HUNA", "ELAI-IFFI", "ELAI-JOJO",
                                 "HUNA-IFFI", "HUNA-LALE"]
    assert bridges(s, WHITE) == ["ALOA-BARI", "ALOA-DUDA", "BARI-COCO", "BARI-DUDA"]
    assert s.supply == [25 - 6, 25 - 4]
    assert s.hand(BLACK) == [] and s.discard_up[-3:] == [island("HUNA")] * 2 + [island("ELAI")]


def test_r11_r24_worked_example_in_words():
    """The move log tells the same story; White's pile draw is named to White only (R24)."""
    s = worked_example()
    effects = play(s, "BARI>DUDA", "ALOA>BARI", "pile", "HUNA+HUNA/ELAI-HUNA", "ELAI>HUNA")
    lines = [describe(fx, viewer=BLACK) for fx in effects]
    assert lines == [
        "White places BARI–DUDA and takes BARI; Black’s ALOA–BARI bridge is removed; "
        "Black loses ALOA",
        "White places ALOA–BARI and takes ALOA; Black’s ALOA–HUNA bridge is removed; "
        "Black loses HUNA",
        "White draws from the pile",
        "Black plays two HUNA cards and removes White’s ELAI–HUNA bridge",
        "Black places ELAI–HUNA and takes ELAI and HUNA; White’s BARI–ELAI, DUDA–ELAI, "
        "DUDA–HUNA bridges are removed; White loses DUDA",
    ]
    drawn = ISLANDS[effects[2].drawn]
    assert describe(effects[2], viewer=WHITE) == f"White draws from the pile ({drawn})"
