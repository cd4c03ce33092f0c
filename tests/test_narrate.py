"""The move log's plain words (narrate.describe) for every kind of action and event."""

from kahuna import BLACK, WHITE, Setup, describe, new_game
from kahuna.rules.board import ISLANDS
from kahuna.notation.narrate import name_words, reason_words, result_words, scoring_words

from .helpers import (HOLD_ALOA, HOLD_COCO, HOLD_LALE, final_position, last_card, play, position,
                      worked_example)


def test_v1_r9a_discard_removal_free_bridge_pass_in_words():
    """R9a: a face-down discard is named to its owner only (R24); V1's free bridge."""
    s = position(variants={"fewer_surprises": True}, bridges={"white": ["ELAI-HUNA"]},
                 hands={"black": ["ELAI", "HUNA", "IFFI", "IFFI", "JOJO"]})
    effects = play(s, "d:IFFI+JOJO", "ELAI+HUNA/ELAI-HUNA", "f:ELAI-HUNA", "pass")
    assert [describe(fx, viewer=BLACK) for fx in effects] == [
        "Black discards IFFI and JOJO face down",
        "Black plays ELAI and HUNA and removes White’s ELAI–HUNA bridge",
        "Black places a free bridge on ELAI–HUNA",
        "Black ends the turn without drawing",
    ]
    assert describe(effects[0], viewer=WHITE) == "Black discards 2 cards face down"
    assert describe(effects[0]) == "Black discards 2 cards face down"


def test_r7_handicap_in_words():
    (fx,) = play(new_game(Setup(handicap=1)), "h:ALOA-BARI")
    assert describe(fx) == "Black places a handicap bridge on ALOA–BARI"


def test_r17_r22_r23_round_ends_scorings_and_results_in_words():
    s = last_card(black=HOLD_ALOA + HOLD_COCO, white=HOLD_LALE)
    assert describe(play(s, "take:GOLA")[0]) == (
        "Black takes GOLA from the display; round 1 ends; Black scores 1")
    s = last_card(black=HOLD_ALOA, white=HOLD_LALE)
    assert describe(play(s, "take:GOLA")[0]).endswith("round 1 ends; nobody scores")
    s = final_position([[1, 0], [0, 2]], HOLD_ALOA, ["DUDA-ELAI"])
    assert describe(play(s, "pass")[0]) == (
        "Black ends the turn without drawing; Black scores 1; "
        "Black wins (equal points, higher final scoring)")
    s = last_card(black=HOLD_ALOA, white=[])
    assert describe(play(s, "take:GOLA")[0]).endswith(
        "Black scores 1; Black wins (White has no bridge left)")


def test_r11_worked_example_with_the_page_names():
    """Against the computer the log names the players as the page does; "You" takes the
    second person, wherever it stands in the sentence."""
    s = worked_example()  # White (the computer here) to move
    effects = play(s, "BARI>DUDA", "ALOA>BARI", "pile", "HUNA+HUNA/ELAI-HUNA", "ELAI>HUNA")
    names = ("You", "Computer")
    assert [describe(fx, BLACK, names) for fx in effects] == [
        "Computer places BARI–DUDA and takes BARI; your ALOA–BARI bridge is removed; "
        "you lose ALOA",
        "Computer places ALOA–BARI and takes ALOA; your ALOA–HUNA bridge is removed; "
        "you lose HUNA",
        "Computer draws from the pile",
        "You play two HUNA cards and remove Computer’s ELAI–HUNA bridge",
        "You place ELAI–HUNA and take ELAI and HUNA; Computer’s BARI–ELAI, DUDA–ELAI, "
        "DUDA–HUNA bridges are removed; Computer loses DUDA",
    ]
    drawn = ISLANDS[effects[2].drawn]
    assert describe(effects[2], WHITE, ("Computer", "You")) == f"You draw from the pile ({drawn})"
    assert describe(effects[3], WHITE, ("Computer", "You")) == (
        "Computer plays two HUNA cards and removes your ELAI–HUNA bridge")


def test_v1_r9a_r7_own_moves_in_the_second_person():
    s = position(variants={"fewer_surprises": True}, bridges={"white": ["ELAI-HUNA"]},
                 hands={"black": ["ELAI", "HUNA", "IFFI", "IFFI", "JOJO"]})
    effects = play(s, "d:IFFI+JOJO", "ELAI+HUNA/ELAI-HUNA", "f:ELAI-HUNA", "pass")
    assert [describe(fx, BLACK, ("You", "Computer")) for fx in effects] == [
        "You discard IFFI and JOJO face down",
        "You play ELAI and HUNA and remove Computer’s ELAI–HUNA bridge",
        "You place a free bridge on ELAI–HUNA",
        "You end the turn without drawing",
    ]
    assert describe(effects[0], WHITE, ("Computer", "You")) == "Computer discards 2 cards face down"
    (fx,) = play(new_game(Setup(handicap=1)), "h:ALOA-BARI")
    assert describe(fx, None, ("You", "Computer")) == "You place a handicap bridge on ALOA–BARI"


def test_r17_r23_scorings_and_results_with_the_page_names():
    s = last_card(black=HOLD_ALOA + HOLD_COCO, white=HOLD_LALE)
    (fx,) = play(s, "take:GOLA")
    assert describe(fx, None, ("You", "Computer")) == (
        "You take GOLA from the display; round 1 ends; you score 1")
    assert describe(fx, None, ("Computer", "You")).endswith("; Computer scores 1")
    (fx,) = play(last_card(black=HOLD_ALOA, white=[]), "take:GOLA")
    assert describe(fx, None, ("You", "Computer")).endswith(
        "you score 1; you win (Computer has no bridge left)")
    assert describe(fx, None, ("Computer", "You")).endswith(
        "Computer scores 1; Computer wins (you have no bridge left)")
    assert reason_words(fx.outcome) == "White has no bridge left"  # as the engine says
    assert result_words(fx.outcome, ("Computer", "You")) == (
        "Computer wins (you have no bridge left)")
    s = final_position([[1, 0], [0, 2]], HOLD_ALOA, ["DUDA-ELAI"])
    (fx,) = play(s, "pass")
    assert result_words(fx.outcome, ("You", "Computer")) == (
        "You win (equal points, higher final scoring)")


def test_names_and_scorings_on_their_own():
    """The page shows a name alone (a panel, a table) and a scoring's words in its
    dialogs: "You" is the person spoken to, a colour or "Computer" a third person, and any
    other name stays as given (R17: a tie scores nothing)."""
    assert [name_words(n) for n in ("You", "Black", "Computer", "Ana")] == [
        "You", "Black", "Computer", "Ana"]
    assert [scoring_words(s, ("You", "Computer")) for s in ((0, 0), (2, 0), (0, 1))] == [
        "nobody scores", "you score 2", "Computer scores 1"]
    assert scoring_words((0, 3)) == "White scores 3"


def test_english_by_default_and_any_language_by_its_catalogue():
    """describe takes a translations object; without one, or with English's, the words are
    the English above."""
    from kahuna import translations
    s = worked_example()
    (fx,) = play(s, "BARI>DUDA")
    english = describe(fx, BLACK, ("You", "Computer"))
    assert describe(fx, BLACK, ("You", "Computer"), translations("en")) == english
    assert describe(fx, BLACK, ("You", "Computer"), tr=translations("de")) == (
        "Der Computer setzt einen Stab auf BARI–DUDA und besetzt BARI; dein Stab ALOA–BARI "
        "wird entfernt; du verlierst ALOA")


def test_r12_two_cards_of_one_island_are_counted_not_repeated():
    """R12: a removal with a pair of one island reads "two LALE cards", in every person
    and language; two different islands are still named each."""
    from kahuna import translations
    s = position(bridges={"white": ["HUNA-LALE", "ELAI-HUNA"]},
                 hands={"black": ["LALE", "LALE", "ELAI", "HUNA"]})
    (pair,) = play(s.fork(), "LALE+LALE/HUNA-LALE")
    assert describe(pair) == "Black plays two LALE cards and removes White’s HUNA–LALE bridge"
    assert describe(pair, BLACK, ("You", "Computer")) == (
        "You play two LALE cards and remove Computer’s HUNA–LALE bridge")
    assert describe(pair, WHITE, ("Computer", "You")) == (
        "Computer plays two LALE cards and removes your HUNA–LALE bridge")
    assert describe(pair, BLACK, ("You", "Computer"), translations("de")).startswith(
        "Du spielst zwei LALE-Karten aus")
    (mixed,) = play(s, "ELAI+HUNA/ELAI-HUNA")
    assert describe(mixed).startswith("Black plays ELAI and HUNA and removes")
