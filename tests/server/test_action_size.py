"""An action may take at most MAX_ACTION_JSON bytes of JSON, counted as ``json.dumps``
writes it (a space after every comma and colon, the text as UTF-8): the same limit however
the count is reached."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from topsecret.server.messages import CLIENT_MESSAGE, MAX_ACTION_JSON, ActMessage


def act(action: dict[str, Any]) -> str:
    return json.dumps({"type": "act", "action": action, "seq": 0, "ref": 1})


def size(action: dict[str, Any]) -> int:
    return len(json.dumps(action, ensure_ascii=False).encode("utf-8"))


def test_given_an_action_of_exactly_the_limit_when_it_is_read_then_it_is_accepted() -> None:
    action = {"a": "x" * (MAX_ACTION_JSON - 9)}
    assert size(action) == MAX_ACTION_JSON
    assert isinstance(CLIENT_MESSAGE.validate_json(act(action)), ActMessage)


def test_given_an_action_one_byte_over_the_limit_when_it_is_read_then_it_is_refused() -> None:
    action = {"a": "x" * (MAX_ACTION_JSON - 8)}
    assert size(action) == MAX_ACTION_JSON + 1
    with pytest.raises(ValidationError, match="at most"):
        CLIENT_MESSAGE.validate_json(act(action))


def test_given_an_action_over_the_limit_only_with_its_spaces_then_it_is_refused() -> None:
    """Many short values: written without spaces the action is well under the limit."""
    action = {"a": [0] * 1400}
    assert len(json.dumps(action, separators=(",", ":"))) < MAX_ACTION_JSON < size(action)
    with pytest.raises(ValidationError, match="at most"):
        CLIENT_MESSAGE.validate_json(act(action))
    fits = {"a": [0] * ((MAX_ACTION_JSON - 7) // 3)}
    assert size(fits) == MAX_ACTION_JSON
    assert isinstance(CLIENT_MESSAGE.validate_json(act(fits)), ActMessage)


def test_given_multibyte_text_when_an_action_is_read_then_its_bytes_are_counted() -> None:
    action = {"a": "木" * ((MAX_ACTION_JSON - 9) // 3 + 1)}  # three bytes each in UTF-8
    assert len(json.dumps(action, ensure_ascii=False)) < MAX_ACTION_JSON < size(action)
    with pytest.raises(ValidationError, match="at most"):
        CLIENT_MESSAGE.validate_json(act(action))


def test_given_an_integer_too_large_for_64_bits_when_an_action_is_read_then_it_is_measured() -> (
    None
):
    small = {"n": 2**70}
    assert isinstance(CLIENT_MESSAGE.validate_json(act(small)), ActMessage)
    large = {"n": 10 ** (MAX_ACTION_JSON - 7)}  # digits: 1 and MAX - 7 zeros, and {"n": }
    assert size(large) == MAX_ACTION_JSON + 1
    with pytest.raises(ValidationError, match="at most"):
        CLIENT_MESSAGE.validate_json(act(large))
