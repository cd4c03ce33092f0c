"""A diagram's notes as the page's address and the command line write them
(kahuna/drawing/annotations.py): what is read, and every way it can be wrong."""

from __future__ import annotations

import pytest

from kahuna import Annotations, Marks, NotationError, annotated, parse_annotations
from kahuna.drawing.annotations import MAX_ARROWS, MAX_TEXT
from kahuna.rules.board import ISLAND_INDEX, LINE_INDEX, LINES, line_name

ELAI, HUNA, ALOA, BARI = (ISLAND_INDEX[name] for name in ("ELAI", "HUNA", "ALOA", "BARI"))


def test_each_kind_is_read_in_any_case_with_spaces_around_items():
    notes = parse_annotations(islands=" elai , Huna", lines="aloa-HUNA, ELAI-BARI",
                              arrows="ALOA>huna, BARI>ELAI", labels="ELAI:1, huna: ?")
    assert notes == Annotations(islands=frozenset({ELAI, HUNA}),
                                lines=frozenset({LINE_INDEX[(ALOA, HUNA)],
                                                 LINE_INDEX[(BARI, ELAI)]}),
                                arrows=((ALOA, HUNA), (BARI, ELAI)),
                                labels=((ELAI, "1"), (HUNA, "?")))


def test_nothing_written_is_no_notes():
    assert parse_annotations() == Annotations()
    assert parse_annotations("", " ", "\t", "") == Annotations()


def test_arrows_and_labels_keep_the_order_written_and_a_label_its_case():
    notes = parse_annotations(arrows="HUNA>ALOA,ALOA>HUNA,BARI>ELAI", labels="HUNA:b,ALOA:A!")
    assert notes.arrows == ((HUNA, ALOA), (ALOA, HUNA), (BARI, ELAI))  # both ways: two arrows
    assert notes.labels == ((HUNA, "b"), (ALOA, "A!"))


def test_every_line_and_island_fits_in_the_limit():
    every_line = ",".join(line_name(line) for line in range(len(LINES)))
    assert len(every_line) < MAX_TEXT
    notes = parse_annotations(islands=",".join(ISLAND_INDEX), lines=every_line)
    assert len(notes.islands) == 12 and len(notes.lines) == 27


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"islands": "ELAI,,HUNA"}, "islands: an empty item in 'ELAI,,HUNA'"),
    ({"islands": "ELAI,"}, "islands: an empty item"),
    ({"islands": "ELAI,elai"}, "islands: ELAI is named twice"),
    ({"islands": "ELAJ"}, "islands: unknown island 'ELAJ'; islands are ALOA"),
    ({"islands": "<script>"}, "islands: unknown island '<script>'"),
    ({"islands": "x" * (MAX_TEXT + 1)}, f"islands: {MAX_TEXT + 1} characters, at most {MAX_TEXT}"),
    ({"islands": None}, "islands: not text but None"),
    ({"lines": "ALOA-ELAI"}, "lines: there is no line between ALOA and ELAI"),
    ({"lines": "ALOA"}, "lines: a line is written ISLAND-ISLAND, not 'ALOA'"),
    ({"lines": "ALOA-HUNA,HUNA-ALOA"}, "lines: ALOA-HUNA is named twice"),
    ({"arrows": "ALOA-HUNA"}, "arrows: an arrow is written FROM>TO, not 'ALOA-HUNA'"),
    ({"arrows": "ALOA>HUNA>ELAI"}, "arrows: an arrow is written FROM>TO"),
    ({"arrows": "ALOA>aloa"}, "arrows: 'ALOA>aloa' points from ALOA to itself"),
    ({"arrows": "ALOA>HUNA,aloa>huna"}, "arrows: ALOA>HUNA is named twice"),
    ({"arrows": ">HUNA"}, "arrows: unknown island ''"),
    ({"labels": "ELAI"}, "labels: a label is written ISLAND:MARK, not 'ELAI'"),
    ({"labels": "ELAI:"}, "labels: 'ELAI:': a mark is 1 to 3 letters, digits, ? or !"),
    ({"labels": "ELAI:1234"}, "labels: 'ELAI:1234': a mark is 1 to 3"),
    ({"labels": "ELAI:<b>"}, "labels: 'ELAI:<b>': a mark is"),
    ({"labels": "ELAI:a&b"}, "labels: 'ELAI:a&b': a mark is"),
    ({"labels": 'ELAI:"'}, "a mark is 1 to 3"),
    ({"labels": "ELAI:1 2"}, "a mark is 1 to 3"),
    ({"labels": "ELAI:\u200b"}, "a mark is 1 to 3"),  # no invisible marks
    ({"labels": "ELAI:1,elai:2"}, "labels: ELAI is named twice"),
    ({"labels": "ELIA:1"}, "labels: unknown island 'ELIA'"),
])
def test_a_bad_item_is_named_with_its_kind(kwargs, words):
    with pytest.raises(NotationError) as caught:
        parse_annotations(**kwargs)
    assert words in str(caught.value)


def test_too_many_arrows_are_refused():
    names = list(ISLAND_INDEX)
    arrows = [f"{a}>{b}" for a in names[:4] for b in names[4:8]]  # 16 different arrows
    assert len(arrows) > MAX_ARROWS
    assert len(parse_annotations(arrows=",".join(arrows[:MAX_ARROWS])).arrows) == MAX_ARROWS
    with pytest.raises(NotationError, match=f"arrows: more than {MAX_ARROWS}"):
        parse_annotations(arrows=",".join(arrows))


def test_a_mark_may_be_a_letter_of_any_language():
    assert parse_annotations(labels="ELAI:Ł,HUNA:Ä1?").labels == ((ELAI, "Ł"), (HUNA, "Ä1?"))


def test_notes_join_the_pages_marks_without_touching_them():
    notes = parse_annotations(islands="ELAI", arrows="ALOA>HUNA")
    page = Marks({0: "do:ALOA>BARI"}, 0)
    marks = annotated(notes, page)
    assert (marks.offers, marks.hint, marks.islands, marks.arrows) == (
        {0: "do:ALOA>BARI"}, 0, frozenset({ELAI}), ((ALOA, HUNA),))
    assert annotated(Annotations(), marks) == page
