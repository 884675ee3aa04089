"""iPoker XML from newer clients: the games may sit in a ``<root>`` element
(no ``<?xml`` line, no ``<session>``), and a tournament game writes its level
in its own ``<general>`` (``<smallblind>``, ``<bigblind>``, ``<ante>``). The
file is still found to be iPoker's, and the level is the game's blinds even
when no one could post them in full (R2.4: a blind posted all-in for less).
Composed for the project; figures worked out by hand."""

from __future__ import annotations

from decimal import Decimal

from holdem.records.sites import detect, import_text
from holdem.records.sites.model import parse_amount

GAME = """<root><general>
  <mode>real</mode>
  <gametype>Holdem NL</gametype>
  <tablename>Composed, 1</tablename>
  <tournamentcode>5</tournamentcode>
  <tournamentname>Composed</tournamentname>
 </general><game gamecode="800000001">
  <general>
   <startdate>2026-01-01 10:00:00</startdate>
   <smallblind>100</smallblind>
   <bigblind>200</bigblind>
   <ante>25</ante>
   <players>
    <player seat="1" name="Ann" chips="5,000" dealer="1" bet="125" win="275"/>
    <player seat="2" name="Bob" chips="25" dealer="0" bet="25" win="0"/>
    <player seat="3" name="Cid" chips="125" dealer="0" bet="125" win="0"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Ann" sum="25" type="15"/>
   <action no="2" player="Bob" sum="25" type="15"/>
   <action no="3" player="Cid" sum="25" type="15"/>
   <action no="4" player="Cid" sum="100" type="2"/>
  </round>
  <round no="1">
   <cards player="Ann" type="Pocket">HA SA</cards>
   <cards player="Bob" type="Pocket">C2 D7</cards>
   <cards player="Cid" type="Pocket">C3 D8</cards>
   <action no="5" player="Ann" sum="100" type="3"/>
  </round>
  <round no="2"><cards type="Flop">H4 S9 CJ</cards></round>
  <round no="3"><cards type="Turn">DQ</cards></round>
  <round no="4"><cards type="River">S5</cards></round>
 </game></root>
"""


def test_r2_4_root_element_file_and_the_level_written_in_the_game() -> None:
    """Level 100/200, ante 25. Bob (small blind, 25 chips) is all-in with his
    ante and posts nothing; Cid (big blind, 125) posts the ante and 100, all
    he has left; Ann calls 100. Main pot 75 (three antes), side pot 200 (Ann
    and Cid); Ann's aces win both: Ann +150, Bob -25, Cid -125. From the
    posts alone the level read 50/100 (Cid's short post taken as the big
    blind); the file was not found to be iPoker's at all."""
    assert detect(GAME) == "ipoker"
    (hand,) = import_text(GAME, "composed.xml")
    assert hand.status == "matched", hand.detail
    assert hand.net == {"Ann": Decimal(150), "Bob": Decimal(-25), "Cid": Decimal(-125)}
    assert (hand.pot, hand.rake) == (Decimal(275), Decimal(0))
    assert hand.record is not None
    assert hand.record["players"] == ["Bob", "Cid", "Ann"]
    assert hand.record["blinds_or_straddles"] == [100, 200, 0]
    assert hand.record["antes"] == [25, 25, 25]


def test_an_amount_with_its_currency_code_against_the_digits() -> None:
    """iPoker's Serbian tables write ``chips="RSD45.70"`` and ``sum="RSD8"``:
    the code is dropped as a spaced one is (the amount was ``bad_amount``)."""
    assert parse_amount("RSD45.70") == Decimal("45.70")
    assert parse_amount("45.70RSD") == Decimal("45.70")
    assert parse_amount("RSD 1,110.25") == Decimal("1110.25")
