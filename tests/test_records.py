"""Moves and components are NamedTuple records that equal only records of their own kind."""

from __future__ import annotations

from nncli.notebook.content import Cost, Income
from nncli.notebook.moves import Channel, Destroy, EndTurn, Recover, Research


def test_moves_of_different_kinds_with_the_same_fields_differ() -> None:
    assert Destroy("house1") != Recover("house1")
    assert Channel("avatar") != Recover("avatar")
    assert Research("food") != ("food",)
    assert len({Destroy("house1"), Recover("house1"), Destroy("house1")}) == 2


def test_moves_of_one_kind_compare_by_their_fields() -> None:
    assert Destroy("house1") == Destroy("house1")
    assert not Destroy("house1") != Destroy("house1")
    assert Destroy("house1") != Destroy("house2")
    assert EndTurn() == EndTurn()
    assert hash(Destroy("house1")) == hash(Destroy("house1"))


def test_components_keep_their_kinds_apart() -> None:
    assert Cost() != Income()
    assert Cost(food=1) == Cost(food=1)
    assert Cost(food=1)._replace(food=2) == Cost(food=2)
