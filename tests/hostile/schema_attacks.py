"""Messages made from a msgspec schema alone: a well-typed sample of any struct, and each field of
it malformed every way the schema forbids (wrong type, out of range, missing, repeated member,
an extra field). Used by the generic adversary, so that a kind or field added to a schema later is
attacked without anyone writing a test for it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
from msgspec import inspect

Message = dict[str, Any]
MAX_GROWN = 300  # a list or blob is grown past its limit only when that limit is this small
HEX64 = "0" * 64


def sample(info: inspect.Type) -> Any:
    """A small value that the type accepts (a struct as the map it is sent as)."""
    if isinstance(info, inspect.IntType):
        if info.ge is not None:
            return info.ge
        return 0 if info.gt is None else info.gt + 1
    if isinstance(info, inspect.StrType):
        return HEX64 if info.pattern else "x" * max(info.min_length or 0, 1)
    if isinstance(info, inspect.BytesType):
        return b"\x01" * (info.min_length or 1)
    if isinstance(info, inspect.BoolType):
        return False
    if isinstance(info, inspect.NoneType):
        return None
    if isinstance(info, inspect.LiteralType):
        return info.values[0]
    if isinstance(info, inspect.ListType):
        return [sample(info.item_type)] * max(info.min_length or 0, 1)
    if isinstance(info, inspect.TupleType):
        return [sample(item) for item in info.item_types]
    if isinstance(info, inspect.DictType | inspect.AnyType):
        return {}
    if isinstance(info, inspect.UnionType):
        present = [t for t in info.types if not isinstance(t, inspect.NoneType)]
        return sample(present[0] if present else info.types[0])
    if isinstance(info, inspect.StructType):
        return struct_sample(info.cls)
    raise TypeError(f"no sample for {info!r}")


def struct_sample(struct: type[msgspec.Struct]) -> Message:
    """A map the struct accepts: its tag and every field, optional ones included."""
    info = inspect.type_info(struct)
    assert isinstance(info, inspect.StructType)
    message: Message = {}
    if info.tag_field is not None:
        message[info.tag_field] = info.tag
    for field in info.fields:
        message[field.encode_name] = sample(field.type)
    return message


def _other_type(value: Any) -> Any:
    """A value of another type than `value`'s."""
    if isinstance(value, str):
        return 7
    if isinstance(value, dict):
        return [1]
    return "x"


def _out_of_range(info: inspect.Type) -> Iterator[tuple[str, Any]]:
    """Values of the right type that break the type's bounds."""
    if isinstance(info, inspect.IntType):
        if info.le is not None or info.lt is not None:
            yield "too big", (info.le + 1 if info.le is not None else info.lt)
        if info.ge is not None or info.gt is not None:
            yield "too small", (info.ge - 1 if info.ge is not None else info.gt)
    elif isinstance(info, inspect.StrType):
        if info.max_length is not None and info.max_length <= 10_000:
            yield "too long", "x" * (info.max_length + 1)
        if info.pattern:
            yield "off pattern", "z" * 64
    elif isinstance(info, inspect.BytesType):
        if info.max_length is not None and info.max_length <= 70_000:
            yield "too long", b"\x01" * (info.max_length + 1)
        if info.min_length:
            yield "too short", b""
    elif isinstance(info, inspect.ListType):
        if info.max_length is not None and info.max_length <= MAX_GROWN:
            yield "too long", [sample(info.item_type)] * (info.max_length + 1)
        if info.min_length:
            yield "empty", []
    elif isinstance(info, inspect.LiteralType):
        yield "not listed", "zz" if isinstance(info.values[0], str) else 999
    elif isinstance(info, inspect.UnionType):
        for member in info.types:
            if not isinstance(member, inspect.NoneType):
                yield from _out_of_range(member)


def _repeated(info: inspect.Type, value: Any) -> Iterator[tuple[str, Any]]:
    """A list with its first member twice (a set by meaning then holds one key twice)."""
    if isinstance(info, inspect.UnionType):
        for member in info.types:
            yield from _repeated(member, value)
    elif isinstance(info, inspect.ListType) and isinstance(value, list) and value:
        yield "repeated member", [value[0], *value]


def malformations(struct: type[msgspec.Struct], message: Message) -> Iterator[tuple[str, Message]]:
    """(what, the message with one thing wrong) for each field and each way to break it."""
    info = inspect.type_info(struct)
    assert isinstance(info, inspect.StructType)
    yield "extra field", dict(message, zz=1)
    if info.tag_field is not None:
        yield f"unknown {info.tag_field}", dict(message, **{info.tag_field: "zz"})
    for field in info.fields:
        name, value = field.encode_name, message.get(field.encode_name)
        yield f"{name}: wrong type", dict(message, **{name: _other_type(value)})
        for what, bad in [*_out_of_range(field.type), *_repeated(field.type, value)]:
            yield f"{name}: {what}", dict(message, **{name: bad})
        if field.required:
            yield f"{name}: missing", {k: v for k, v in message.items() if k != name}
