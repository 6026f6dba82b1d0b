"""A user's value that says again an option the assistant just offered under a key where the user holds
another value ("V-cut, left unpainted" after "Letters can be V-cut and painted, or V-cut and left
unpainted", while the user's own names sit in that key) is merged once: routing it to the offer's key
must not send it back and forth between that key and its other-task key (a RecursionError that failed
the merge stage and lost the whole turn)."""

from core.compressor import Compressor
from core.config import Config
from core.models import Message

TURNS = [
    ("user", "I wish to arrange a headstone for my late wife, Edith Marjorie Lomax. She is buried at "
     "St Aldhelm's churchyard, Kingsbury."),
    ("assistant", "Then I would suggest either a honed Yorkstone upright at £1,480 or a Nabresina limestone "
     "upright at £1,650."),
    ("user", "The Yorkstone, please."),
    ("assistant", "Honed Yorkstone. What shape of top would you like: ogee, half-round or square?"),
    ("user", "Half-round."),
    ("assistant", "Half-round top. Would you like to dictate the inscription?"),
    ("user", '"In loving memory of Edith Marjorie Lomax. Beloved wife of Harold." Nothing more than that.'),
    ("assistant", "Noted. Letters can be V-cut and painted, or V-cut and left unpainted. Painted black "
     "costs £3.20 a letter."),
    ("user", "V-cut, left unpainted. My wife disliked anything showy."),
]


def test_the_pick_turn_is_merged_without_a_stage_failure() -> None:
    session = Compressor(Config(use_embeddings=False)).session("t")
    messages = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(TURNS)]
    results = [session.add(m, auto_compact=False) for m in messages]
    assert [r.record.trigger for r in results if r.record is not None and r.record.failed] == []
    assert not session.failed
    assert session.parsed[-1].atoms, "the last turn's clauses were lost to a failed stage"
    assert "V-cut" in session.context().text
