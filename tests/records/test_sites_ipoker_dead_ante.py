"""iPoker XML: a player who posts the ante and then sits out (action type 9)
is not dealt in. The ante is dead money in the pot (R2.3, R14.3); the seat is
never taken for the big blind's, and the hand replays and matches."""

from __future__ import annotations

from holdem.records.sites import import_text

GAME = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general><mode>real</mode><gametype>Holdem NL $0.10/$0.20</gametype>
  <tablename>Composed</tablename><currency>USD</currency><nickname>Ann</nickname></general>
 <game gamecode="700000001">
  <general><startdate>2026-01-01 10:00:00</startdate><players>
   <player seat="2" name="Ann" chips="$20" dealer="0" win="$0" bet="$0.14" addon="0"/>
   <player seat="4" name="Bob" chips="$15" dealer="0" win="$0" bet="$0.04"/>
   <player seat="6" name="Cid" chips="$30" dealer="0" win="$0.64" bet="$0.24"/>
   <player seat="8" name="Dee" chips="$12" dealer="1" win="$0" bet="$0.24"/>
  </players></general>
  <round no="0">
   <action no="1" player="Ann" type="15" sum="$0.04"/>
   <action no="2" player="Bob" type="15" sum="$0.04"/>
   <action no="3" player="Cid" type="15" sum="$0.04"/>
   <action no="4" player="Dee" type="15" sum="$0.04"/>
   <action no="5" player="Ann" type="1" sum="$0.10"/>
   <action no="6" player="Cid" type="2" sum="$0.20"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Cid">HA SA</cards>
   <action no="7" player="Bob" type="9" sum="$0"/>
   <action no="8" player="Dee" type="3" sum="$0.20"/>
   <action no="9" player="Ann" type="0" sum="$0"/>
   <action no="10" player="Cid" type="4" sum="$0"/>
  </round>
  <round no="2"><cards type="Flop" player="">C2 D7 H9</cards>
   <action no="11" player="Cid" type="4" sum="$0"/><action no="12" player="Dee" type="4" sum="$0"/>
  </round>
  <round no="3"><cards type="Turn" player="">S4</cards>
   <action no="13" player="Cid" type="4" sum="$0"/><action no="14" player="Dee" type="4" sum="$0"/>
  </round>
  <round no="4"><cards type="River" player="">CK</cards>
   <action no="15" player="Cid" type="4" sum="$0"/><action no="16" player="Dee" type="4" sum="$0"/>
  </round>
 </game>
</session>
"""


def test_an_ante_then_sitting_out_is_dead_money_not_the_big_blind_r14_3() -> None:
    [hand] = import_text(GAME, "x.xml")
    assert (hand.status, hand.reason) == ("matched", None), hand.detail
    data = hand.to_json()
    assert data["net"] == {"Ann": "-0.14", "Bob": "-0.04", "Cid": "0.40", "Dee": "-0.24"}
    assert hand.record is not None and hand.record["players"] == ["Ann", "Cid", "Dee"]
    assert "dead ante 0.04 of Bob" in hand.detail
