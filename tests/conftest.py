"""Test-wide settings."""

from __future__ import annotations

import os

from hypothesis import settings

# In CI the property tests replay the same examples every run (a red CI blocks a landing, so it
# must not depend on luck); on developers' machines they keep exploring new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
