"""The simulation database: one SQLite file holding runs, their games and every game's record.

The schema (`tabletrip-sim/1`) is the contract between `tabletrip sim`, which writes it, and
`tabletrip report`, which reads it through `SimStore`. A run's content is in `runs.content`
(its hash) and `contents` (hash: the files as JSON); a database made before content was
stored gains the column and table when it is opened, its runs having unknown content (they
played the shipped content of their day). Each game's rows are written in one
transaction with INSERT OR IGNORE, so an interrupted run keeps every finished game and two
runs writing the same file never duplicate or corrupt a game.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

import tabletrip
from tabletrip.core.analysis import PlayedGame
from tabletrip.core.errors import RecordError
from tabletrip.core.records import Record
from tabletrip.core.registry import game_class
from tabletrip.sim.config import SimConfig
from tabletrip.sim.jobs import GameOutcome

SCHEMA = "tabletrip-sim/1"
BUSY_TIMEOUT_MS = 30_000

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  game TEXT NOT NULL,
  players INTEGER NOT NULL,
  options TEXT NOT NULL,
  bots TEXT NOT NULL,
  seed INTEGER NOT NULL,
  created TEXT NOT NULL,
  version TEXT NOT NULL,
  content TEXT
);
CREATE TABLE IF NOT EXISTS contents (hash TEXT PRIMARY KEY, content TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  run_id INTEGER NOT NULL REFERENCES runs(id),
  game_index INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  moves INTEGER NOT NULL,
  seconds REAL NOT NULL,
  winners TEXT NOT NULL,
  breakdown TEXT NOT NULL,
  facts TEXT NOT NULL,
  record TEXT NOT NULL,
  PRIMARY KEY (run_id, game_index)
);
CREATE TABLE IF NOT EXISTS seats (
  run_id INTEGER NOT NULL,
  game_index INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  bot TEXT NOT NULL,
  score REAL NOT NULL,
  win REAL NOT NULL,
  PRIMARY KEY (run_id, game_index, seat),
  FOREIGN KEY (run_id, game_index) REFERENCES games(run_id, game_index)
);
"""


@contextmanager
def write_transaction(db: sqlite3.Connection) -> Iterator[None]:
    """`BEGIN IMMEDIATE` ... `COMMIT`, or a rollback when anything stops it, Ctrl-C included;
    an interrupt that lands once the COMMIT is done leaves nothing to roll back."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _migrate(db: sqlite3.Connection) -> None:
    """Bring a database of the first shape (no content) up to date, in place."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(runs)")}
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    if "content" in columns and "contents" in tables:
        return
    with write_transaction(db):
        columns = {row[1] for row in db.execute("PRAGMA table_info(runs)")}
        if "content" not in columns:  # another process may have migrated it meanwhile
            db.execute("ALTER TABLE runs ADD COLUMN content TEXT")
        db.execute(
            "CREATE TABLE IF NOT EXISTS contents (hash TEXT PRIMARY KEY, content TEXT NOT NULL)"
        )


def content_note(data: dict[str, Any] | None, hash_: str | None) -> str:
    """One line saying what content a run played: built-in, own files, an ablation."""
    if data is None or hash_ is None:
        return "unknown (stored before content was recorded: the built-in content then)"
    files = data.get("files", [])
    removed = data.get("removed", [])
    if removed:
        return f"ablation {hash_[:12]}: built-in content without {', '.join(removed)}"
    own = [f"{f['name']} from {f['source']}" for f in files if not f.get("builtin")]
    if not own:
        return f"built-in {hash_[:12]}"
    return f"own {hash_[:12]} ({', '.join(own)})"


@dataclass(frozen=True)
class RunInfo:
    """One run in a database: its configuration and how many games it holds."""

    id: int
    game: str
    players: int
    options: dict[str, Any]
    bots: tuple[str, ...]  # the lineup: one bot spec per seat before rotation
    seed: int
    created: str
    version: str
    games: int
    content: str | None = None  # the content hash; None: stored before content was recorded
    content_note: str = ""  # one line: built-in, own files or an ablation, short hash
    removed: tuple[str, ...] = ()  # the entries an ablation took out

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from the game's defaults (all of them if it does not load)."""
        try:
            defaults = {spec.name: spec.default for spec in game_class(self.game).info.options}
        except Exception:  # a game that no longer imports: its runs are still listed
            defaults = {}
        return {k: v for k, v in self.options.items() if k not in defaults or defaults[k] != v}

    def describe(self) -> str:
        """One line: `run 1: ticket-to-ride, 2 players, easy vs random, seed 0, 100 games`."""
        options = "".join(f", {k}={v}" for k, v in self.changed_options().items())
        return (
            f"run {self.id}: {self.game}{options}, {self.players} players, "
            f"{' vs '.join(self.bots)}, seed {self.seed}, {self.games} games"
        )


@dataclass(frozen=True)
class BotTally:
    """How one bot did in a run: seats it played, its wins (ties shared) and its win share."""

    bot: str
    seats: int
    wins: float

    @property
    def share(self) -> float:
        """Wins per seat played (parity is 1/players)."""
        return self.wins / self.seats if self.seats else 0.0


class SimStore:
    """One simulation database file: find or create runs, add games, read them back."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, create: bool = False) -> SimStore:
        """Open a sim database; with `create`, make it if new. RecordError (one line) if the
        file is missing (without `create`) or is not a tabletrip simulation database."""
        path = Path(path)
        if path.is_dir():
            raise RecordError(f"{str(path)!r} is a folder, not a simulation database")
        if not create and not path.exists():
            raise RecordError(f"cannot open {str(path)!r}: no such file")
        if create:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise RecordError(f"cannot create {str(path)!r}: {exc.strerror}") from None
        # mode=rw never creates a file; mode=rwc does (only when asked to).
        uri = f"{path.resolve().as_uri()}?mode={'rwc' if create else 'rw'}"
        try:
            db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1e3)
        except sqlite3.Error as exc:
            raise RecordError(f"cannot open {str(path)!r}: {exc}") from None
        try:
            cls._prepare(db, path, create)
        except BaseException:
            db.close()
            raise
        return cls(path, db)

    @staticmethod
    def _prepare(db: sqlite3.Connection, path: Path, create: bool) -> None:
        not_sim = f"{str(path)!r} is not a tabletrip simulation database"
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
            if not tables and not create:
                raise RecordError(f"{not_sim} (it is empty)")
            if tables and "meta" not in tables:
                raise RecordError(f"{not_sim} (it has no meta table)")
            if not tables:
                db.execute("PRAGMA journal_mode = WAL")
                with write_transaction(db):
                    # One statement at a time: executescript would commit the BEGIN first.
                    for statement in filter(str.strip, _TABLES.split(";")):
                        db.execute(statement)
                    db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (SCHEMA,))
            row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is None or row[0] != SCHEMA:
                found = "no schema" if row is None else f"schema {row[0]!r}"
                raise RecordError(f"{not_sim}: it has {found}, this tabletrip reads {SCHEMA!r}")
            _migrate(db)
            db.execute("PRAGMA synchronous = NORMAL")  # WAL: consistent after a crash, fast commits
        except sqlite3.DatabaseError as exc:
            raise RecordError(f"{not_sim} ({exc})") from None

    def close(self) -> None:
        """Close the database (everything added is already committed)."""
        self._db.close()

    def __enter__(self) -> SimStore:
        """The store itself; closed when the block ends."""
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Close the database."""
        self.close()

    # --- writing ---------------------------------------------------------------------------

    def ensure_run(self, config: SimConfig) -> int:
        """The id of the run with this configuration, created if the file has none yet."""
        key = config.key()
        content = config.resolved_content()
        stored = json.dumps(content.to_json(), sort_keys=True, separators=(",", ":"))
        with write_transaction(self._db):
            self._db.execute(
                "INSERT OR IGNORE INTO contents (hash, content) VALUES (?, ?)",
                (content.hash, stored),
            )
            self._db.execute(
                "INSERT OR IGNORE INTO runs (key, game, players, options, bots, seed, created, "
                "version, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    config.game,
                    config.players,
                    json.dumps(dict(config.options), sort_keys=True),
                    json.dumps(list(config.lineup)),
                    config.seed,
                    datetime.now(UTC).isoformat(timespec="seconds"),
                    tabletrip.__version__,
                    content.hash,
                ),
            )
            (run_id,) = self._db.execute("SELECT id FROM runs WHERE key = ?", (key,)).fetchone()
        return int(run_id)

    def done_indices(self, run_id: int) -> set[int]:
        """The indices of the games of a run already stored."""
        rows = self._db.execute("SELECT game_index FROM games WHERE run_id = ?", (run_id,))
        return {index for (index,) in rows}

    def add(self, outcome: GameOutcome) -> bool:
        """Store one finished game (games row and seats rows) in one transaction.

        False if the run already had that game (another process stored it first).
        """
        db = self._db
        with write_transaction(db):
            cursor = db.execute(
                "INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    outcome.run_id,
                    outcome.index,
                    outcome.seed,
                    outcome.moves,
                    outcome.seconds,
                    json.dumps(list(outcome.winners)),
                    outcome.breakdown_json,
                    outcome.facts_json,
                    outcome.record_json,
                ),
            )
            added = cursor.rowcount == 1
            if added:
                db.executemany(
                    "INSERT OR IGNORE INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (outcome.run_id, outcome.index, seat, bot, score, win)
                        for seat, (bot, score, win) in enumerate(
                            zip(outcome.bots, outcome.scores, outcome.wins, strict=True)
                        )
                    ],
                )
        return added

    # --- reading ---------------------------------------------------------------------------

    def runs(self) -> list[RunInfo]:
        """Every run in the file, oldest first, with the number of games it holds."""
        rows = self._db.execute(
            "SELECT r.id, r.game, r.players, r.options, r.bots, r.seed, r.created, r.version, "
            "(SELECT COUNT(*) FROM games g WHERE g.run_id = r.id), r.content FROM runs r "
            "ORDER BY r.id"
        ).fetchall()
        contents = {h: self.content(h) for h in {row[-1] for row in rows} if h is not None}
        return [
            RunInfo(
                id=run_id,
                game=game,
                players=players,
                options=json.loads(options),
                bots=tuple(json.loads(bots)),
                seed=seed,
                created=created,
                version=version,
                games=count,
                content=content,
                content_note=content_note(contents.get(content or ""), content),
                removed=tuple((contents.get(content or "") or {}).get("removed", ())),
            )
            for run_id, game, players, options, bots, seed, created, version, count, content in rows
        ]

    def content(self, hash_: str) -> dict[str, Any] | None:
        """The stored content with this hash (see `Content.to_json`), None if not stored."""
        row = self._db.execute("SELECT content FROM contents WHERE hash = ?", (hash_,)).fetchone()
        return None if row is None else json.loads(row[0])

    def run(self, run_id: int) -> RunInfo:
        """One run by id; RecordError listing the runs if there is no such run."""
        runs = self.runs()
        for info in runs:
            if info.id == run_id:
                return info
        listed = "; ".join(info.describe() for info in runs) or "it has no runs"
        raise RecordError(f"{str(self.path)!r} has no run {run_id}: {listed}")

    def played(self, run_id: int) -> list[PlayedGame]:
        """Every stored game of a run as a report sees it, ordered by index."""
        options = self.run(run_id).options
        seats: dict[int, list[tuple[str, float]]] = defaultdict(list)
        for index, bot, score in self._db.execute(
            "SELECT game_index, bot, score FROM seats WHERE run_id = ? ORDER BY game_index, seat",
            (run_id,),
        ):
            seats[index].append((bot, score))
        games = self._db.execute(
            "SELECT game_index, seed, moves, winners, breakdown, facts FROM games "
            "WHERE run_id = ? ORDER BY game_index",
            (run_id,),
        )
        return [
            PlayedGame(
                index=index,
                seed=seed,
                options=dict(options),
                bots=tuple(bot for bot, _ in seats[index]),
                scores=tuple(score for _, score in seats[index]),
                winners=tuple(json.loads(winners)),
                breakdown=tuple(json.loads(breakdown)),
                moves=moves,
                facts=json.loads(facts),
            )
            for index, seed, moves, winners, breakdown, facts in games
        ]

    def record(self, run_id: int, index: int) -> Record:
        """The record of game `index` of a run; RecordError saying which games there are."""
        row = self._db.execute(
            "SELECT record FROM games WHERE run_id = ? AND game_index = ?", (run_id, index)
        ).fetchone()
        if row is None:
            info = self.run(run_id)
            low, high = self._db.execute(
                "SELECT MIN(game_index), MAX(game_index) FROM games WHERE run_id = ?", (run_id,)
            ).fetchone()
            held = f"games {low} to {high}" if info.games else "no games"
            raise RecordError(
                f"run {run_id} in {str(self.path)!r} has no game {index}: it holds {held}"
            )
        return Record.from_json(json.loads(row[0]))

    def tallies(self, run_id: int) -> list[BotTally]:
        """Per bot of a run: seats played and wins (ties shared), strongest share first."""
        rows = self._db.execute(
            "SELECT bot, COUNT(*), SUM(win) FROM seats WHERE run_id = ? GROUP BY bot",
            (run_id,),
        )
        tallies = [BotTally(bot, count, wins) for bot, count, wins in rows]
        return sorted(tallies, key=lambda t: (-t.share, t.bot))
