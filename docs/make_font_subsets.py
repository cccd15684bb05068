"""Write the small Noto subsets bot/render/fonts/ ships, so a player's name in Arabic, Hebrew,
Devanagari, Thai, Japanese or Korean is drawn on a machine without Debian's Noto packages (the
bot prefers those whole fonts where installed: bot/render/fontfiles.py).

    python docs/make_font_subsets.py    # needs fonttools and: apt-get install fonts-noto-core
                                        # fonts-noto-cjk

Each subset keeps its script's Unicode blocks whole with the layout tables (shaping needs them);
the CJK one keeps the kana, the CJK punctuation and full-width forms, the 2,965 kanji of JIS X 0208
level 1 (the common ones, most names' kanji) and the 2,350 Hangul syllables of KS X 1001.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "bot" / "render" / "fonts"
CORE = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")

BLOCKS = {
    "NotoSansArabic-Bold": ["U+0020-007E", "U+00A0", "U+0600-06FF", "U+0750-077F",
                            "U+08A0-08FF", "U+200C-200F", "U+FB50-FDFF", "U+FE70-FEFF"],
    "NotoSansHebrew-Bold": ["U+0020-007E", "U+00A0", "U+0590-05FF", "U+200C-200F",
                            "U+FB1D-FB4F"],
    "NotoSansDevanagari-Bold": ["U+0020-007E", "U+00A0", "U+0900-097F", "U+1CD0-1CFF",
                                "U+200C-200D", "U+20B9", "U+25CC", "U+A8E0-A8FF"],
    "NotoSansThai-Bold": ["U+0020-007E", "U+00A0", "U+0E00-0E7F", "U+200C-200D", "U+25CC"],
}


def _double_byte(codec: str, rows: range) -> str:
    """The characters of an EUC encoding's rows (each row: cells 0xA1-0xFE)."""
    out = []
    for hi in rows:
        for lo in range(0xA1, 0xFF):
            try:
                out.append(bytes((hi, lo)).decode(codec))
            except UnicodeDecodeError:
                pass
    return "".join(out)


def cjk_text() -> str:
    kana = "".join(chr(c) for c in (*range(0x3000, 0x3100), *range(0xFF00, 0xFFF0)))
    jis_level_1 = _double_byte("euc_jp", range(0xB0, 0xD0))
    hangul = _double_byte("euc_kr", range(0xB0, 0xC9))
    return "".join(sorted(set(" " + kana + jis_level_1 + hangul)))


def subset(source: Path, out: Path, *options: str) -> None:
    subprocess.run([sys.executable, "-m", "fontTools.subset", str(source), *options,
                    f"--output-file={out}", "--no-hinting", "--name-IDs=*",
                    "--name-legacy"], check=True)
    print(f"{out.name}: {out.stat().st_size:,} bytes")


def main() -> None:
    for name, blocks in BLOCKS.items():
        subset(CORE / f"{name}.ttf", OUT / f"{name}-subset.ttf", f"--unicodes={','.join(blocks)}",
               "--layout-features=*")
    text = OUT / "cjk-subset.txt"
    text.write_text(cjk_text(), encoding="utf-8")
    try:
        subset(CJK, OUT / "NotoSansCJKjp-Bold-subset.otf", "--font-number=0",
               f"--text-file={text}", "--layout-features=")
    finally:
        text.unlink()


if __name__ == "__main__":
    main()
