"""What a message shows, as the renderers draw it: a heading over a few lines, sections under
their names, small print, the colour in play and maybe a picture. bot/ui/layout.py lays it out
as the Components V2 message it is (a container of text displays, a media gallery and the
controls); nothing here knows Discord's classes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Section:
    name: str  # shown in bold above the text; "" for a section that goes on from the one before
    text: str


@dataclass(slots=True)
class Shown:
    title: str = ""
    text: str = ""  # the lines under the title (the state of play)
    sections: list[Section] = field(default_factory=list)
    footer: str = ""  # small print under everything
    colour: int | None = None  # the container's accent
    picture: str | None = None  # an attachment's url (`attachment://table.png`)

    def add(self, name: str, text: str) -> None:
        self.sections.append(Section(name, text))

    def __len__(self) -> int:
        """The characters of its text (title, lines, sections with their names, footer)."""
        return (len(self.title) + len(self.text) + len(self.footer)
                + sum(len(s.name) + len(s.text) for s in self.sections))

    def __bool__(self) -> bool:  # an empty text is still something to show
        return True
