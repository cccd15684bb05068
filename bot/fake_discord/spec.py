"""Discord's published API spec, held against every request the bot sends to the fake.

discord-api-spec/openapi.json beside this module is Discord's own OpenAPI 3.1 description of its
HTTP API (github.com/discord/discord-api-spec, MIT: its LICENSE and VERSION lie beside it; a test
keeps the copy equal to ../shared's when that is present). A request's method and path name one
operation of it, or the route is not Discord's and the request is refused like any other call
Discord would refuse; the operation's request schema (JSON Schema, Draft 2020-12) then checks the
JSON body, or a multipart request's `payload_json` part (the files travel beside it).

The spec is loaded once per process, on the first request, into one `referencing` registry over
the whole document, and each operation's validator is built once and kept. Three rewrites that
keep every verdict make a check cheap (benchmarks/spec_check.py: a table edit from 21 ms to
about 0.1 ms): a union of objects told apart by their `type` tries only the member that `type`
names, a union of named constants is an enum, and a plain `$ref` is the schema it names. Two
shortcuts keep the verdicts too (0.7 ms a request down to 0.3 on the 1,489 different requests of
a preview run): a nullable value that is not null is checked against its other member alone, and
objects that passed are remembered by their JSON (the bot sends the same parts again and again).
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from jsonschema import Draft202012Validator, _keywords, validators
from jsonschema.exceptions import ValidationError, relevance
from referencing import Registry
from referencing.jsonschema import DRAFT202012

SPEC_FOLDER = Path(__file__).resolve().parent / "discord-api-spec"
SPEC_FILE = SPEC_FOLDER / "openapi.json"
_URI = "urn:discord-api-spec"
_SCHEMAS = "#/components/schemas/"
_METHODS = ("get", "put", "post", "patch", "delete")
_PARAMETER = re.compile(r"^\{[^}]+\}$")


def _loosened(document: dict[str, Any]) -> dict[str, Any]:
    """The spec where it is stricter than Discord is in practice, and only there."""
    document = copy.deepcopy(document)
    schemas = document["components"]["schemas"]
    # The spec writes a snowflake as a decimal string, but Discord reads one as a number too,
    # and discord.py sends numbers in places: the user and role ids of `allowed_mentions`, and
    # the id of a new attachment (0, 1, ...: the index of its `files[n]` part).
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"],
                                          {"type": "integer", "minimum": 0}]}
    return document


TAGGED = "x-tagged-union"  # [[the `type` values of a member, the member's schema], ...]
_MEMO_SIZE = 50_000


def _tagged_union(validator: Any, members: list[list[Any]], instance: Any,
                  schema: dict[str, Any]) -> Iterator[ValidationError]:
    """The member of a tagged union that the instance's `type` names, and it alone (the verdict
    of the `oneOf` it replaces). A value that passed a member once passes it again: the
    components a bot sends repeat from request to request (the same buttons, rows and texts),
    and those already found valid are remembered by their JSON."""
    if not isinstance(instance, dict):
        yield ValidationError(f"{instance!r} is not of type 'object'", validator="type",
                              validator_value="object", instance=instance, schema=schema)
        return
    if "type" not in instance:
        yield ValidationError("'type' is a required property", validator="required",
                              validator_value=["type"], instance=instance, schema=schema)
        return
    tag = instance["type"]
    for tags, member in members:
        if any(tag == value and type(tag) is type(value) for value in tags):
            key, passed = _remembered(member, instance)
            if passed:
                return
            errors = list(validator.descend(instance, member))
            if not errors:
                _remember(key)
            yield from errors
            return
    yield from validator.descend(tag, {"enum": [v for tags, _ in members for v in tags]},
                                 path="type")


def _remembered(schema: Any, instance: Any) -> tuple[tuple[int, bytes], bool]:
    """The memo's key for `instance` checked by `schema` (one object of the loaded document),
    and whether it passed before."""
    key = (id(schema), orjson.dumps(instance, option=orjson.OPT_SORT_KEYS))
    return key, key in _valid


def _remember(key: tuple[int, bytes]) -> None:
    if len(_valid) >= _MEMO_SIZE:
        _valid.clear()
    _valid.add(key)


_NULL = {"type": "null"}


def _one_of(validator: Any, members: list[Any], instance: Any,
            schema: dict[str, Any]) -> Iterator[ValidationError]:
    """`oneOf`, with a shortcut for the spec's many nullable values (`oneOf: [null, X]`): a
    value that is not null can only match X, so X alone decides when it passes. When it does
    not, the whole `oneOf` runs, for the same errors as before."""
    if instance is not None and len(members) == 2 and _NULL in members:
        other = members[1 - members.index(_NULL)]
        if not any(True for _ in validator.descend(instance, other)):
            return
    yield from _keywords.oneOf(validator, members, instance, schema)


def _properties(validator: Any, properties: dict[str, Any], instance: Any,
                schema: dict[str, Any]) -> Iterator[ValidationError]:
    """`properties`, remembering the objects that passed: a bot sends the same parts (embeds,
    rows, mentions, whole answers) again and again, and a part that passed once passes again."""
    if not isinstance(instance, dict):
        return
    key, passed = _remembered(properties, instance)
    if passed:
        return
    errors = list(_keywords.properties(validator, properties, instance, schema))
    if not errors:
        _remember(key)
    yield from errors


_valid: set[tuple[int, bytes]] = set()
_Validator = validators.extend(Draft202012Validator, {
    TAGGED: _tagged_union, "oneOf": _one_of, "properties": _properties})

_ANNOTATIONS = frozenset({"title", "description", "deprecated", "examples", "x-discord-union"})


def _by_tag(document: dict[str, Any]) -> dict[str, Any]:
    """The spec with its tagged unions checked through their tag: the same verdicts, in a
    hundredth of the time.

    Components, callbacks and many more are `oneOf` (or `anyOf`) unions of objects told apart by
    their `type`, each member allowing its own values of it. jsonschema decides a `oneOf` by
    validating the instance against every member, so a V2 container of rows of buttons is
    validated as every kind of component, nested (about 20 ms a table edit). Where every
    member requires `type` and their allowed values do not overlap, exactly one member can
    match, and only the one whose values hold the instance's `type` needs trying: such a union
    becomes the keyword TAGGED (`_tagged_union`), which tries that member alone. In the same way
    a union of named constants (the component types, the button styles) is an `enum` of them.
    A union of any other shape is left as it is."""
    schemas = document["components"]["schemas"]

    def member(schema: Any) -> Any:
        ref = schema.get("$ref", "") if isinstance(schema, dict) else ""
        return schemas.get(ref.removeprefix("#/components/schemas/")) if ref else schema

    def tags(schema: Any) -> list[Any] | None:
        if not isinstance(schema, dict) or "type" not in schema.get("required", ()):
            return None
        values = schema.get("properties", {}).get("type", {}).get("enum")
        return list(values) if isinstance(values, list) else None

    def rewritten(node: Any) -> Any:
        if isinstance(node, list):
            return [rewritten(item) for item in node]
        if not isinstance(node, dict):
            return node
        node = {key: rewritten(value) for key, value in node.items()}
        for keyword in ("oneOf", "anyOf"):
            members = node.get(keyword)
            if not isinstance(members, list) or len(members) < 2:
                continue
            consts = [m["const"] for m in members if isinstance(m, dict) and "const" in m
                      and set(m) <= _ANNOTATIONS | {"const"}]
            if len(consts) == len(members) and len(set(map(repr, consts))) == len(consts):
                # Named values (the component types, the button styles): one of them is an enum.
                del node[keyword]
                node["enum"] = consts if "enum" not in node else [
                    value for value in node["enum"] if value in consts]
                continue
            values = [tags(member(m)) for m in members]
            flat = [v for vs in values if vs is not None for v in vs]
            if any(vs is None for vs in values) or len(flat) != len(set(map(repr, flat))):
                continue
            del node[keyword]
            node[TAGGED] = [[vs, m] for m, vs in zip(members, values, strict=True)]
        return node

    result: dict[str, Any] = rewritten(document)
    return result


def _inlined(document: dict[str, Any]) -> dict[str, Any]:
    """The spec with each plain `$ref` to a schema replaced by that schema itself (the same
    object, shared), where the schema does not contain itself: resolving a reference at every
    use was a quarter of the time. The references of a recursive schema stay as they are."""
    schemas: dict[str, Any] = document["components"]["schemas"]

    def target(node: Any) -> str | None:
        if isinstance(node, dict) and len(node) == 1 and isinstance(node.get("$ref"), str):
            ref: str = node["$ref"]
            if ref.startswith(_SCHEMAS):
                return ref.removeprefix(_SCHEMAS)
        return None

    def refs(node: Any) -> Iterator[str]:
        if (name := target(node)) is not None:
            yield name
        elif isinstance(node, dict):
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    direct = {name: set(refs(schema)) for name, schema in schemas.items()}

    def reaches(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(direct.get(start, ()))
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo.extend(direct.get(name, ()))
        return seen

    recursive = {name for name in schemas if name in reaches(name)}

    def inline(node: Any) -> Any:
        name = target(node)
        if name is not None and name in schemas and name not in recursive:
            return schemas[name]
        if isinstance(node, dict):
            for key, value in node.items():
                node[key] = inline(value)
        elif isinstance(node, list):
            node[:] = [inline(value) for value in node]
        return node

    return inline(document)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Operation:
    """One documented method on one path template, e.g. POST /channels/{channel_id}/messages."""

    method: str
    template: str
    pointer: str              # JSON pointer of the operation in the document
    bodies: frozenset[str]    # the content types its request body may have
    body_required: bool


class ApiSpec:
    """The operations of the spec, found by method and concrete path, and their validators."""

    def __init__(self, document: dict[str, Any]) -> None:
        document = _inlined(_by_tag(_loosened(document)))
        _valid.clear()  # remembered by the id of a member of the previous spec's document
        resource = DRAFT202012.create_resource(document)
        registry: Registry[Any] = Registry().with_resource(_URI, resource)
        # Operations' validators are this one moved to their schema: its `$ref`s that are left
        # resolve in the whole document.
        self._document = document
        self._root = _Validator({"$ref": _URI}, registry=registry)
        # Path templates by method and number of segments (a parameter segment is None): a
        # request's path is matched against those, a literal segment (`@me`, `@original`)
        # winning over a parameter.
        self._templates: dict[tuple[str, int], list[tuple[tuple[str | None, ...], str]]] = {}
        self._operations: dict[tuple[str, str], Operation] = {}
        for template, item in document["paths"].items():
            segments = tuple(None if _PARAMETER.match(s) else s
                             for s in template.strip("/").split("/"))
            for method in _METHODS:
                if method not in item:
                    continue
                self._templates.setdefault((method.upper(), len(segments)), []).append(
                    (segments, template))
                body = item[method].get("requestBody") or {}
                pointer = f"/paths/{_escape(template)}/{method}"
                self._operations[method.upper(), template] = Operation(
                    method.upper(), template, pointer, frozenset(body.get("content", {})),
                    bool(body.get("required")))
        for candidates in self._templates.values():
            # Most literal segments first, so `/users/@me` wins over `/users/{user_id}`.
            candidates.sort(key=lambda c: -sum(s is not None for s in c[0]))

    def operation(self, method: str, path: str) -> Operation | None:
        """The operation a request names (path without the /api/vN prefix), or None when
        Discord documents no such method on such a path."""
        segments = path.strip("/").split("/")
        for template_segments, template in self._templates.get((method, len(segments)), ()):
            if all(s if t is None else t == s for t, s in
                   zip(template_segments, segments, strict=True)):
                return self._operations[method, template]
        return None

    @functools.cache  # noqa: B019 - one spec per process, kept for its whole life
    def validator(self, operation: Operation, content_type: str) -> Any:
        pointer = f"{operation.pointer}/requestBody/content/{_escape(content_type)}/schema"
        schema = self._root._resolver.lookup(f"{_URI}#{pointer}").contents
        return self._root.evolve(schema=schema)

    def problems(self, operation: Operation, content_type: str, body: Any) -> list[str]:
        """What the spec says is wrong with a request to this operation (nothing when it is
        right): `body` is the parsed JSON body (a multipart request's payload_json), or None."""
        name = f"{operation.method} {operation.template}"
        if body is None:
            return [f"{name}: the spec requires a request body"] if operation.body_required else []
        if content_type not in operation.bodies:
            return [f"{name}: a {content_type} body, where the spec takes "
                    f"{', '.join(sorted(operation.bodies)) or 'none'}"]
        found = max(self.validator(operation, content_type).iter_errors(body), key=relevance,
                    default=None)
        if found is None:
            return []
        error = _meant_branch(found)
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                        for p in error.absolute_path)
        schema = "/".join(str(p) for p in error.absolute_schema_path)
        return [f"{name}: body{where}: {_said(error)} (spec: {schema})"]


def _meant_branch(error: ValidationError) -> ValidationError:
    """The error of the union member the sender meant. Components, embeds' parts and callbacks
    are unions told apart by their `type`: a component that fits no member gets the complaint of
    the member whose `type` it has (`[6 buttons] is too long`), not of the first that refused
    it (`2 is not one of [10]`)."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for child in error.context:
            branches.setdefault(child.relative_schema_path[0], []).append(child)
        meant = [errors for errors in branches.values()
                 if not any(_wrong_type(child) for child in errors)]
        if len(meant) != 1:
            break
        error = max(meant[0], key=relevance)
    return error


_SIZES = {"maxItems": ("items", "at most"), "minItems": ("items", "at least"),
          "maxLength": ("characters", "at most"), "minLength": ("characters", "at least")}


def _said(error: ValidationError) -> str:
    """The error in a line: sizes without the whole value they measure."""
    if error.validator in _SIZES and isinstance(error.instance, list | str):
        unit, bound = _SIZES[str(error.validator)]
        limit = error.validator_value
        return f"{len(error.instance)} {unit}, where the spec allows {bound} {limit}"
    message = str(error.message)
    return message if len(message) <= 200 else message[:200] + "..."


def _wrong_type(error: ValidationError) -> bool:
    """A member that refused the value for its kind (a null where an object came, a button where
    a select was meant), not for what the value holds."""
    path = list(error.relative_path)
    return ((error.validator in ("enum", "const") and path == ["type"])
            or (error.validator == "type" and not path))


def _escape(segment: str) -> str:
    """A JSON pointer's escaping of one reference token."""
    return segment.replace("~", "~0").replace("/", "~1")


@functools.cache
def discord_api_spec() -> ApiSpec:
    """The spec of the copy beside this module, loaded once per process (~0.1 s)."""
    return ApiSpec(json.loads(SPEC_FILE.read_text(encoding="utf-8")))
