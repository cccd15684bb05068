"""Discord's documented size limits for message payloads, checked on every create and edit.

Each check returns readable problems instead of raising, so the server can answer 400 / 50035
(Invalid Form Body) exactly like Discord and also record what was wrong for the test report.
Components V2 messages (the IS_COMPONENTS_V2 flag) are checked by the rules of each layout
component, and an edit against the message it changes (the flag stays, content and embeds stay
out).
"""

from __future__ import annotations

from typing import Any

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
COMPONENTS_MAX = 25
COMPONENTS_V2_MAX = 40
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_PLACEHOLDER_MAX = 150

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 9, 10, 11, 12, 13, \
    14, 17
TEXT_DISPLAYS_MAX = 4000  # characters in all the text displays of a V2 message together
GALLERY_ITEMS = (1, 10)
SECTION_TEXTS = (1, 3)
# Where each layout component may sit in a V2 message (Discord's component reference).
TOP_LEVEL = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR,
                       CONTAINER})
IN_CONTAINER = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR})
SELECT_TYPES = {3, 5, 6, 7, 8}
LINK_BUTTON, PREMIUM_BUTTON = 5, 6


def _text_len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def check_embeds(embeds: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"{len(embeds)} embeds > {EMBEDS_MAX}")
    total = 0
    for i, embed in enumerate(embeds):
        title = _text_len(embed.get("title"))
        description = _text_len(embed.get("description"))
        footer = _text_len((embed.get("footer") or {}).get("text"))
        author = _text_len((embed.get("author") or {}).get("name"))
        fields = embed.get("fields") or []
        if title > EMBED_TITLE_MAX:
            problems.append(f"embeds[{i}].title has {title} characters > {EMBED_TITLE_MAX}")
        if description > EMBED_DESCRIPTION_MAX:
            problems.append(
                f"embeds[{i}].description has {description} characters > {EMBED_DESCRIPTION_MAX}")
        if footer > EMBED_FOOTER_MAX:
            problems.append(f"embeds[{i}].footer.text has {footer} characters > {EMBED_FOOTER_MAX}")
        if author > EMBED_AUTHOR_MAX:
            problems.append(f"embeds[{i}].author.name has {author} characters > {EMBED_AUTHOR_MAX}")
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(f"embeds[{i}] has {len(fields)} fields > {EMBED_FIELDS_MAX}")
        total += title + description + footer + author
        for j, field in enumerate(fields):
            name, value = _text_len(field.get("name")), _text_len(field.get("value"))
            if name > EMBED_FIELD_NAME_MAX:
                problems.append(f"embeds[{i}].fields[{j}].name has {name} characters")
            if value > EMBED_FIELD_VALUE_MAX:
                problems.append(f"embeds[{i}].fields[{j}].value has {value} characters")
            total += name + value
    # Discord sums the text of all embeds of one message against the 6000 limit.
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds hold {total} characters in total > {EMBED_TOTAL_MAX}")
    return problems


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found.extend(_walk(component.get("components") or []))
        if isinstance(component.get("accessory"), dict):
            found.append(component["accessory"])
        if isinstance(component.get("component"), dict):
            found.append(component["component"])
    return found


def _check_item(path: str, item: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    custom_id = item.get("custom_id")
    if custom_id is not None and len(custom_id) > CUSTOM_ID_MAX:
        problems.append(f"{path}.custom_id has {len(custom_id)} characters > {CUSTOM_ID_MAX}")
    if item.get("type") == BUTTON:
        if _text_len(item.get("label")) > BUTTON_LABEL_MAX:
            problems.append(f"{path}.label is longer than {BUTTON_LABEL_MAX}")
        if item.get("style") not in (LINK_BUTTON, PREMIUM_BUTTON) and not custom_id:
            problems.append(f"{path} is a button without custom_id")
    if item.get("type") in SELECT_TYPES:
        options = item.get("options") or []
        if item.get("type") == STRING_SELECT and not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            problems.append(f"{path} has {len(options)} options (1..{SELECT_OPTIONS_MAX})")
        if _text_len(item.get("placeholder")) > SELECT_PLACEHOLDER_MAX:
            problems.append(f"{path}.placeholder is longer than {SELECT_PLACEHOLDER_MAX}")
        for k, option in enumerate(options):
            for key in ("label", "value", "description"):
                if _text_len(option.get(key)) > SELECT_OPTION_TEXT_MAX:
                    problems.append(f"{path}.options[{k}].{key} is longer than "
                                    f"{SELECT_OPTION_TEXT_MAX}")
        max_values = item.get("max_values", 1)
        if item.get("type") == STRING_SELECT and max_values > max(len(options), 1):
            problems.append(f"{path}.max_values {max_values} > {len(options)} options")
    return problems


def _check_row(path: str, row: dict[str, Any]) -> list[str]:
    items = row.get("components") or []
    problems: list[str] = []
    if not items:
        problems.append(f"{path} is an empty action row")
    if len(items) > BUTTONS_PER_ROW_MAX:
        problems.append(f"{path} has {len(items)} items > {BUTTONS_PER_ROW_MAX}")
    if any(c.get("type") in SELECT_TYPES for c in items) and len(items) > 1:
        problems.append(f"{path} mixes a select with other items")
    problems += [f"{path}.components[{k}] is type {c.get('type')}: an action row holds buttons "
                 "or one select" for k, c in enumerate(items)
                 if c.get("type") != BUTTON and c.get("type") not in SELECT_TYPES]
    return problems


def _check_layout(path: str, component: dict[str, Any], allowed: frozenset[int]) -> list[str]:
    """One V2 component where it sits (`allowed`: the types its place takes), with what it
    holds, by the rules of its type."""
    kind = component.get("type")
    if kind not in allowed:
        return [f"{path} is type {kind}, which cannot be placed there"]
    children = component.get("components") or []
    if kind == ACTION_ROW:
        return _check_row(path, component)
    problems: list[str] = []
    if kind == TEXT_DISPLAY and not _text_len(component.get("content")):
        problems.append(f"{path} is a text display without content")
    if kind == MEDIA_GALLERY:
        items = component.get("items") or []
        if not GALLERY_ITEMS[0] <= len(items) <= GALLERY_ITEMS[1]:
            problems.append(f"{path} has {len(items)} items ({GALLERY_ITEMS[0]}.."
                            f"{GALLERY_ITEMS[1]})")
        problems += [f"{path}.items[{k}] has no media url" for k, item in enumerate(items)
                     if not (item.get("media") or {}).get("url")]
    if kind == THUMBNAIL and not (component.get("media") or {}).get("url"):
        problems.append(f"{path} has no media url")
    if kind == FILE and not str((component.get("file") or {}).get("url", "")).startswith(
            "attachment://"):
        problems.append(f"{path} must name an attachment (attachment://...)")
    if kind == SECTION:  # text beside an accessory: a section without one is refused
        accessory = component.get("accessory")
        if not isinstance(accessory, dict) or accessory.get("type") not in (BUTTON, THUMBNAIL):
            problems.append(f"{path} needs an accessory (a thumbnail or a button)")
        elif accessory.get("type") == THUMBNAIL:
            problems += _check_layout(f"{path}.accessory", accessory, frozenset({THUMBNAIL}))
        if not SECTION_TEXTS[0] <= len(children) <= SECTION_TEXTS[1]:
            problems.append(f"{path} has {len(children)} text displays ({SECTION_TEXTS[0]}.."
                            f"{SECTION_TEXTS[1]})")
        for k, child in enumerate(children):
            problems += _check_layout(f"{path}.components[{k}]", child,
                                      frozenset({TEXT_DISPLAY}))
    if kind == CONTAINER:
        if not children:
            problems.append(f"{path} is an empty container")
        for k, child in enumerate(children):
            problems += _check_layout(f"{path}.components[{k}]", child, IN_CONTAINER)
    return problems


def check_components(components: list[dict[str, Any]], flags: int) -> list[str]:
    problems: list[str] = []
    everything = _walk(components)
    if flags & FLAG_COMPONENTS_V2:
        if len(everything) > COMPONENTS_V2_MAX:
            problems.append(f"{len(everything)} components > {COMPONENTS_V2_MAX}")
        for r, component in enumerate(components):
            problems += _check_layout(f"components[{r}]", component, TOP_LEVEL)
        text = sum(_text_len(c.get("content")) for c in everything
                   if c.get("type") == TEXT_DISPLAY)
        if text > TEXT_DISPLAYS_MAX:
            problems.append(f"text displays hold {text} characters in all > "
                            f"{TEXT_DISPLAYS_MAX}")
    else:
        if len(components) > ACTION_ROWS_MAX:
            problems.append(f"{len(components)} action rows > {ACTION_ROWS_MAX}")
        children = sum(len(row.get("components") or []) for row in components)
        if children > COMPONENTS_MAX:
            problems.append(f"{children} components > {COMPONENTS_MAX}")
        for r, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                problems.append(f"components[{r}] is type {row.get('type')}, not an action row "
                                "(set the IS_COMPONENTS_V2 flag for layout components)")
                continue
            problems += _check_row(f"components[{r}]", row)
    ids = [c["custom_id"] for c in everything if c.get("custom_id")]
    if len(ids) != len(set(ids)):
        problems.append("custom_id values are not unique within the message")
    for n, item in enumerate(everything):
        problems.extend(_check_item(f"component #{n}", item))
    return problems


def check_message(payload: dict[str, Any], current: dict[str, Any] | None = None) -> list[str]:
    """Everything wrong with a create/edit payload (only the keys it carries are checked).
    `current`: the message an edit changes, whose flag and fields the edit keeps unless it
    sets them: a V2 message stays one, and may never have content or embeds."""
    problems: list[str] = []
    content = payload.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        problems.append(f"content has {len(content)} characters > {CONTENT_MAX}")
    if payload.get("embeds"):
        problems.extend(check_embeds(payload["embeds"]))
    was = int(current.get("flags") or 0) if current is not None else 0
    flags = int(payload["flags"]) if payload.get("flags") is not None else was
    if was & FLAG_COMPONENTS_V2 and not flags & FLAG_COMPONENTS_V2:
        problems.append("the IS_COMPONENTS_V2 flag cannot be removed from a message")
    flags |= was & FLAG_COMPONENTS_V2
    if payload.get("components"):
        problems.extend(check_components(payload["components"], flags))
    if flags & FLAG_COMPONENTS_V2:
        kept = current or {}
        for key in ("content", "embeds"):  # what the message will have after the edit
            value = payload[key] if key in payload else kept.get(key)
            if value:
                problems.append(f"{key} cannot be used with the IS_COMPONENTS_V2 flag (clear "
                                "it: null or empty)")
        if "components" in payload and not payload["components"]:
            problems.append("a message with the IS_COMPONENTS_V2 flag needs components")
    return problems
