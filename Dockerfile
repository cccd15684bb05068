# The bot as a container: `docker build -t uno-bot .`, then
# `docker run --env-file .env -v uno-data:/data uno-bot` (SQLite in the volume), or the README's
# Compose file (PostgreSQL and two shard processes).
#
# The install is dev.py's: the project with the versions of constraints.txt, the ones the test
# suite passed with (tests/test_dockerfile.py holds the two to the same command). The Python is
# the one constraints.txt was locked on.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# What the package is built from (pyproject.toml names README.md as its readme).
COPY pyproject.toml constraints.txt README.md ./
COPY bot ./bot
COPY cogs ./cogs
# The drivers of the offline Discord (tests and benchmarks) are a package of the project too:
# small, and the install is then the one dev.py makes.
COPY drivers ./drivers
RUN pip install -c constraints.txt .

# The bot never runs as root; its SQLite file (when DATABASE_URL is not a PostgreSQL one) lives in
# a volume it owns.
RUN useradd --system --create-home --uid 10001 uno \
    && mkdir /data && chown uno:uno /data
USER uno
ENV DATABASE_PATH=/data/uno.db
VOLUME ["/data"]

CMD ["python", "-m", "bot"]
