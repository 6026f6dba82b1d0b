"""A value said in the turn that asks for a new task, before the request ("Gloria Bell sounds excellent.
Now could you check for an online movie for me?"), belongs to the task before it: the new task's value
of the same attribute ("Mikey and Nicky is Fab.") stands beside it instead of replacing it (SGD dev,
sgd-train-69_00000: a false supersession)."""

from __future__ import annotations

import pytest

from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit

TURNS = [
    ("user", "I am hoping to find a Museum in SF that is child friendly."),
    ("assistant", "There is a museum called Cable Car Museum."),
    ("user", "that sounds fab. Now I think I will catch a movie, an imax show at Embarcadero Center Cinema."),
    ("assistant", "There are 3 movies, one is Ash Is Purest White, Gloria Bell or Knock Down The House."),
    ("user", "Gloria Bell sounds excellent. Now could you check for an online movie for me?"),
    ("assistant", "What genre of movie do you prefer?"),
    ("user", "I love Mafia movies."),
    ("assistant", "There is 1 movie called Mikey and Nicky."),
    ("user", "Mikey and Nicky is Fab."),
]


def test_the_new_tasks_value_stands_beside_the_one_said_before_its_request() -> None:
    state = state_after(TURNS)
    current = {f.value for f in state.facts.values()}
    assert "Gloria Bell" in current
    assert "Gloria Bell" not in replaced(state)
