"""Discord's documented size limits for message payloads, checked on every create and edit.

Each check returns readable problems instead of raising, so the server can answer 400 / 50035
(Invalid Form Body) exactly like Discord and also record what was wrong for the test report.
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


def check_components(components: list[dict[str, Any]], flags: int) -> list[str]:
    problems: list[str] = []
    everything = _walk(components)
    if flags & FLAG_COMPONENTS_V2:
        if len(everything) > COMPONENTS_V2_MAX:
            problems.append(f"{len(everything)} components > {COMPONENTS_V2_MAX}")
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
            items = row.get("components") or []
            selects = [c for c in items if c.get("type") in SELECT_TYPES]
            if not items:
                problems.append(f"components[{r}] is an empty action row")
            if len(items) > BUTTONS_PER_ROW_MAX:
                problems.append(f"components[{r}] has {len(items)} items > {BUTTONS_PER_ROW_MAX}")
            if selects and len(items) > 1:
                problems.append(f"components[{r}] mixes a select with other items")
    ids = [c["custom_id"] for c in everything if c.get("custom_id")]
    if len(ids) != len(set(ids)):
        problems.append("custom_id values are not unique within the message")
    for n, item in enumerate(everything):
        problems.extend(_check_item(f"component #{n}", item))
    return problems


def check_message(payload: dict[str, Any]) -> list[str]:
    """Everything wrong with a create/edit payload (only the keys it carries are checked)."""
    problems: list[str] = []
    content = payload.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        problems.append(f"content has {len(content)} characters > {CONTENT_MAX}")
    if payload.get("embeds"):
        problems.extend(check_embeds(payload["embeds"]))
    if payload.get("components"):
        problems.extend(check_components(payload["components"], int(payload.get("flags") or 0)))
    return problems
