// JavaScript binding of libboardgames: the rules of the traditional board
// games of the former USSR, compiled to WebAssembly (boardgames-core.js,
// the WebAssembly inside) and wrapped in the API of the Python binding.
//
//   import { Game } from 'libboardgames';
//   const g = new Game('kutochki');
//   g.play('h3-f3');
//   g.legalMoves().length, g.toMove, g.outcome.status   // 14, 1, 'ongoing'
//
// The module loads the WebAssembly before it resolves (top-level await), so
// everything is synchronous afterwards. See doc/javascript.md.
import createCore from './boardgames-core.js';

const M = await createCore();

// ---- Names of the library's codes ---------------------------------------------

const CODE_NAMES = {
	0: 'OK', '-1': 'EINVAL', '-2': 'ENOGAME', '-3': 'EOPTION', '-4': 'EPARSE',
	'-5': 'EILLEGAL', '-6': 'EAMBIGUOUS', '-7': 'EBUFSIZE', '-8': 'ENOUNDO',
	'-9': 'EGAMEOVER', '-10': 'EFORMAT', '-11': 'ENOMEM', '-12': 'EWRONGGAME',
	'-13': 'ENOTSUP',
};

/** The library's error codes by name: ErrorCode.EILLEGAL === -5. */
export const ErrorCode = Object.freeze(Object.fromEntries(
	Object.entries(CODE_NAMES).map(([code, name]) => [name, Number(code)])));

const BOARD_KINDS = ['cells', 'intersections', 'lines'];
const LINE_STYLES = ['solid', 'dashed'];
const PIECE_KINDS = [null, 'man', 'king', 'dead'];
const MOVE_KINDS = ['pass', 'place', 'step', 'jump', 'capture', 'ground'];
const STATUSES = ['ongoing', 'win', 'draw'];
const OPTION_TYPES = ['bool', 'int', 'enum', 'text'];
const EFFECT_KINDS = { 1: 'capture', 2: 'promote' };
const MARKS = [[1, 'home0'], [2, 'home1'], [4, 'special']];
const TOCHKI_STATES = ['empty', 'dead', 'point'];
const REASON_CODES = ['resignation', 'agreement', 'time', 'adjudication'];

const MOVE_SIZE = 72; // struct bg_move
const MOVE_MAX_POINTS = 34;
const MOVE_TEXT_MAX = 256;
const POINT_NAME_MAX = 8;
const SVG_OPTIONS_VERSION = 1;
const SVG_COORDS = 1, SVG_LAST_MOVE = 2, SVG_STATUS = 4;

// ---- Errors --------------------------------------------------------------------

/**
 * A failed call of the library: `code` is its BG_E* code (negative),
 * `codeName` its name ('EILLEGAL'), `detail` the library's detail, and the
 * message "illegal move: ..." as bg_strerror() and the detail make it.
 */
export class BoardGamesError extends Error {
	constructor(code, detail) {
		super(detail ? `${strerror(code)}: ${detail}` : strerror(code));
		this.name = 'BoardGamesError';
		this.code = code;
		this.codeName = CODE_NAMES[code] ?? 'EUNKNOWN';
		this.detail = detail;
	}
}

function check(rc) {
	if (rc < 0)
		throw new BoardGamesError(rc, M.UTF8ToString(M._bg_last_error()));
	return rc;
}

function invalid(detail) {
	return new BoardGamesError(ErrorCode.EINVAL, detail);
}

// ---- Memory --------------------------------------------------------------------

// Allocations of one call, freed together at its end.
class Scratch {
	constructor() { this.ptrs = []; }
	alloc(bytes) {
		const p = M._malloc(Math.max(bytes, 8));
		if (!p)
			throw new BoardGamesError(ErrorCode.ENOMEM, 'out of memory');
		this.ptrs.push(p);
		M.HEAPU8.fill(0, p, p + Math.max(bytes, 8));
		return p;
	}
	str(s) {
		if (typeof s !== 'string')
			throw invalid(`a string was expected, not ${typeof s}`);
		const n = M.lengthBytesUTF8(s) + 1;
		const p = this.alloc(n);
		M.stringToUTF8(s, p, n);
		return p;
	}
	free() { this.ptrs.forEach(p => M._free(p)); this.ptrs = []; }
}

function scratch(fn) {
	const s = new Scratch();
	try {
		return fn(s);
	} finally {
		s.free();
	}
}

const i32 = p => M.HEAP32[p >> 2];
const u32 = p => M.HEAPU32[p >> 2];
const f64 = p => new DataView(M.HEAPU8.buffer).getFloat64(p, true);
const cstring = p => M.UTF8ToString(p);

// Text from fn(...args, buf, cap, len): a size query, then the text.
function text(fn, ...args) {
	return scratch(s => {
		const len = s.alloc(4);
		check(fn(...args, 0, 0, len));
		const cap = u32(len) + 1;
		const buf = s.alloc(cap);
		check(fn(...args, buf, cap, len));
		return M.UTF8ToString(buf, cap);
	});
}

// ---- Library-wide functions ----------------------------------------------------

/** The library's version, "MAJOR.MINOR.PATCH". */
export function version() { return cstring(M._bg_version()); }
/** The version as one number: major * 10000 + minor * 100 + patch. */
export function versionNumber() { return M._bg_version_number(); }
/** The library's English text for an error code. */
export function strerror(code) { return cstring(M._bg_strerror(code)); }
/** The name of a reason code ("leave-home"); "?" when unknown. */
export function reasonName(code) { return cstring(M._bg_reason_name(code)); }
/** Every reason name, by code. */
export function reasonNames() {
	const out = [];
	for (let i = 0; i < M._bg_reason_count(); i++)
		out.push(reasonName(i));
	return out;
}

function gameInfo(i) {
	const aliases = [];
	for (let k = 0; M._bg_catalog_alias(i, k); k++)
		aliases.push(cstring(M._bg_catalog_alias(i, k)));
	const options = [];
	scratch(s => {
		const p = s.alloc(20);
		for (let k = 0; k < M._bg_catalog_option_count(i); k++) {
			check(M._bg_catalog_option(i, k, p, p + 4, p + 8, p + 12, p + 16));
			options.push(Object.freeze({
				key: cstring(u32(p)), type: OPTION_TYPES[i32(p + 4)],
				default: cstring(u32(p + 8)), allowed: cstring(u32(p + 12)),
				doc: cstring(u32(p + 16)),
			}));
		}
	});
	return Object.freeze({
		index: i, name: cstring(M._bg_catalog_name(i)),
		titles: Object.freeze({ en: cstring(M._bg_catalog_title(i, EN)),
				        ru: cstring(M._bg_catalog_title(i, RU)) }),
		aliases: Object.freeze(aliases), options: Object.freeze(options),
	});
}

// Language codes, kept for the life of the module.
function keep(str) {
	const n = M.lengthBytesUTF8(str) + 1, p = M._malloc(n);
	M.stringToUTF8(str, p, n);
	return p;
}
const EN = keep('en'), RU = keep('ru');

let catalogue = null;

/** The catalogue: for each game its index, name, titles ({en, ru}),
 * aliases and options ({key, type, default, allowed, doc}). */
export function games() {
	if (!catalogue) {
		catalogue = [];
		for (let i = 0; i < M._bg_catalog_count(); i++)
			catalogue.push(gameInfo(i));
		Object.freeze(catalogue);
	}
	return catalogue;
}

/** The game of a name or alias; a BoardGamesError (ENOGAME) when none. */
export function findGame(name) {
	return games()[scratch(s => check(M._bg_catalog_find(s.str(name))))];
}

// ---- Moves ---------------------------------------------------------------------

/**
 * A move: kind ('pass', 'place', 'step', 'jump', 'capture', 'ground'),
 * path and removals (point indices), flags, and its text in the game it
 * came from. A value: equal moves are equal() whatever their origin.
 */
export class Move {
	constructor(raw, text) {
		this.raw = raw; // the 72 bytes of struct bg_move
		this.text = text;
		Object.freeze(this);
	}
	get kind() { return MOVE_KINDS[this.raw[0]] ?? String(this.raw[0]); }
	get flags() { return this.raw[3]; }
	#points() {
		const v = new DataView(this.raw.buffer, this.raw.byteOffset, MOVE_SIZE);
		const out = [];
		for (let k = 0; k < this.raw[1] + this.raw[2] && k < MOVE_MAX_POINTS; k++)
			out.push(v.getUint16(4 + 2 * k, true));
		return out;
	}
	get path() { return this.#points().slice(0, this.raw[1]); }
	get removals() { return this.#points().slice(this.raw[1]); }
	equals(other) {
		return other instanceof Move &&
			this.raw.every((b, i) => b === other.raw[i]);
	}
	toString() { return this.text; }
	toJSON() { return this.text; }
}

// ---- Games ---------------------------------------------------------------------

const registry = new FinalizationRegistry(h => M._bg_game_free(h));
// The constructor's key for wrapping a handle, and the method giving a
// Game's handle to the other classes of this module: module-private.
const ADOPT = Symbol('adopt');
const HANDLE = Symbol('handle');
const keepsScores = new Map();

function specWith(spec, options) {
	if (typeof spec !== 'string')
		throw invalid('a game spec is a string such as "kutochki:size=10"');
	const extra = Object.entries(options ?? {}).map(([k, v]) =>
		`${k}=${v === true ? 1 : v === false ? 0 : v}`);
	if (!extra.length)
		return spec;
	return spec + (spec.includes(':') ? ',' : ':') + extra.join(',');
}

// A new handle from fn(out, ...) (bg_game_new and its siblings).
function made(fn) {
	return scratch(s => {
		const out = s.alloc(4);
		check(fn(s, out));
		return u32(out);
	});
}

/**
 * A game: its rules, position and history, in a handle of the library.
 * The handle is freed by free(), else when the Game is garbage collected.
 */
export class Game {
	#h = 0;

	/** A new game from a spec ("kutochki", "kutochki:size=10") and
	 * options as an object ({size: 10, diagonal: true}). */
	constructor(spec, options) {
		if (spec === ADOPT) {
			this.#adopt(options);
			return;
		}
		const full = specWith(spec, options);
		this.#adopt(made((s, out) => M._bg_game_new(out, s.str(full))));
	}

	#adopt(h) {
		this.#h = h;
		registry.register(this, h, this);
	}

	static #wrap(h) { return new Game(ADOPT, h); }

	/** A game from a position text (see position). */
	static fromPosition(text) {
		return Game.#wrap(made((s, out) =>
			M._bg_game_from_position(out, s.str(text))));
	}

	/** A game from a record text (see record). */
	static fromRecord(text) {
		return Game.#wrap(made((s, out) =>
			M._bg_game_from_record(out, s.str(text))));
	}

	/** A Dots game read from SGF: { game, warnings } (warnings: one line
	 * each of what the reader had to bend). spec gives the rule options
	 * (default "tochki"), index the game of a collection. */
	static readSgf(sgf, spec = null, index = 0) {
		let cap = 4096;
		for (;;) {
			const r = scratch(s => {
				const out = s.alloc(4), warn = s.alloc(cap), len = s.alloc(4);
				check(M._bg_tochki_from_sgf_ex(out, s.str(sgf),
					spec === null ? 0 : s.str(spec), index, warn, cap, len));
				return { h: u32(out), n: u32(len),
					 text: M.UTF8ToString(warn, cap) };
			});
			if (r.n < cap) {
				const warnings = r.text.split('\n').filter(w => w);
				return { game: Game.#wrap(r.h), warnings };
			}
			M._bg_game_free(r.h);
			cap = r.n + 1;
		}
	}

	/** A Dots game read from SGF (warnings dropped); see readSgf. */
	static fromSgf(sgf, spec = null, index = 0) {
		return Game.readSgf(sgf, spec, index).game;
	}

	/** The number of games in an SGF collection. */
	static sgfCount(sgf) {
		return scratch(s => {
			const n = s.alloc(4);
			check(M._bg_tochki_sgf_count(s.str(sgf), n));
			return u32(n);
		});
	}

	#handle() {
		if (!this.#h)
			throw invalid('the game was freed');
		return this.#h;
	}

	// The handle, for the other classes of this module.
	[HANDLE]() { return this.#handle(); }

	/** Free the handle now; the Game is unusable afterwards. */
	free() {
		if (this.#h) {
			registry.unregister(this);
			M._bg_game_free(this.#h);
			this.#h = 0;
		}
	}
	get freed() { return !this.#h; }

	/** A deep copy that plays identically. */
	clone() {
		const h = this.#handle();
		return Game.#wrap(made((s, out) => M._bg_game_clone(out, h)));
	}
	/** Make this game the one `other` is (same spec), history included,
	 * in this game's own memory: for playouts again and again from one
	 * position. */
	copyFrom(other) {
		check(M._bg_game_copy(this.#handle(), other.#handle()));
	}

	/** The detail of the last failed call on this game ("" when none). */
	get lastError() { return cstring(M._bg_game_error(this.#handle())); }
	/** The canonical spec ("kutochki:size=10"). */
	get spec() { return cstring(M._bg_game_spec(this.#handle())); }
	/** The canonical name ("kutochki"). */
	get name() { return cstring(M._bg_game_name(this.#handle())); }
	/** The catalogue entry of the game (see games()). */
	get info() { return findGame(this.name); }
	toString() { return this.position; }

	// -- moves

	#move(ptr) {
		const raw = M.HEAPU8.slice(ptr, ptr + MOVE_SIZE);
		return new Move(raw, this.#moveText(ptr));
	}

	#moveText(ptr) {
		return scratch(s => {
			const buf = s.alloc(MOVE_TEXT_MAX);
			check(M._bg_move_to_text(this.#h, ptr, buf, MOVE_TEXT_MAX, 0));
			return cstring(buf);
		});
	}

	#point(p) {
		if (p === undefined || p === null)
			return -1;
		return typeof p === 'string' ? this.point(p) : p;
	}

	/** The legal moves of the side to move, in the library's order; with
	 * from and/or to (an index or name) only those starting or ending
	 * there. */
	legalMoves({ from = null, to = null } = {}) {
		const h = this.#handle();
		const a = this.#point(from), b = this.#point(to);
		return scratch(s => {
			const n = s.alloc(4);
			const at = a >= 0 || b >= 0;
			const list = (buf, cap) => at
				? M._bg_legal_moves_at(h, a, b, buf, cap, n)
				: M._bg_legal_moves(h, buf, cap, n);
			check(list(0, 0));
			const count = u32(n), buf = s.alloc(count * MOVE_SIZE);
			check(list(buf, count));
			const out = [];
			for (let i = 0; i < u32(n); i++)
				out.push(this.#move(buf + i * MOVE_SIZE));
			return out;
		});
	}

	/** The number of legal moves (no list made). */
	legalMoveCount() {
		const h = this.#handle();
		return scratch(s => {
			const n = s.alloc(4);
			check(M._bg_legal_moves(h, 0, 0, n));
			return u32(n);
		});
	}

	/** An upper bound on the number of legal moves of any position. */
	get maxMoves() { return M._bg_max_moves(this.#handle()); }

	/** The legal move a text stands for, without playing it. */
	parseMove(text) {
		const h = this.#handle();
		return scratch(s => {
			const m = s.alloc(MOVE_SIZE);
			check(M._bg_move_from_text(h, s.str(text), m));
			return this.#move(m);
		});
	}

	/** The text of a move in this game. */
	moveText(move) {
		this.#handle();
		return scratch(s => this.#moveText(this.#raw(s, move)));
	}

	#raw(s, move) {
		if (!(move instanceof Move))
			throw invalid('a Move was expected');
		const m = s.alloc(MOVE_SIZE);
		M.HEAPU8.set(move.raw, m);
		return m;
	}

	/** Play a move (a Move or its text); returns the Move played. A failed
	 * play changes nothing. */
	play(move) {
		const h = this.#handle();
		return scratch(s => {
			let m;
			if (typeof move === 'string') {
				m = s.alloc(MOVE_SIZE);
				check(M._bg_move_from_text(h, s.str(move), m));
			} else {
				m = this.#raw(s, move);
			}
			const played = this.#move(m); // its text as it reads now
			check(M._bg_play(h, m));
			return played;
		});
	}

	/** Take back the last move (or a declared end). */
	undo() { check(M._bg_undo(this.#handle())); }

	/** A legal move drawn uniformly at random: { move, state }, state the
	 * generator state (a BigInt, modulo 2**64) after the draw; the same
	 * state gives the same move on every platform. */
	randomMove(state) {
		const h = this.#handle();
		return scratch(s => {
			const st = s.alloc(8), m = s.alloc(MOVE_SIZE);
			const v = () => new DataView(M.HEAPU8.buffer);
			v().setBigUint64(st, BigInt.asUintN(64, BigInt(state)), true);
			check(M._bg_random_move(h, st, m));
			return { move: this.#move(m), state: v().getBigUint64(st, true) };
		});
	}

	/** Play random moves to the end or for maxPlies moves: { plies, state }. */
	playout(state, maxPlies = 0xffffffff) {
		const h = this.#handle();
		return scratch(s => {
			const st = s.alloc(8), n = s.alloc(4);
			const v = () => new DataView(M.HEAPU8.buffer);
			v().setBigUint64(st, BigInt.asUintN(64, BigInt(state)), true);
			check(M._bg_playout(h, st, maxPlies >>> 0, n));
			return { plies: u32(n), state: v().getBigUint64(st, true) };
		});
	}

	/** The seat to move (0 or 1). */
	get toMove() { return check(M._bg_to_move(this.#handle())); }
	/** Plies played since the start (or the loaded position's ply). */
	get ply() { return M._bg_ply(this.#handle()) >>> 0; }

	/** The moves of the history, oldest first. */
	history() {
		const n = M._bg_history_length(this.#handle()) >>> 0;
		const out = [];
		if (!n)
			return out;
		// Each move's text as it read before it was played: on a replay.
		const replay = this.clone();
		try {
			// A declared result (resignation, agreement) is taken back
			// by an undo of its own, before the moves.
			while (M._bg_history_length(replay.#h))
				check(M._bg_undo(replay.#h));
			scratch(s => {
				const m = s.alloc(MOVE_SIZE);
				for (let i = 0; i < n; i++) {
					check(M._bg_history_move(this.#h, i, m));
					out.push(replay.#move(m));
					check(M._bg_play(replay.#h, m));
				}
			});
		} finally {
			replay.free();
		}
		return out;
	}

	/** What the i-th move of the history did besides moving (negative i
	 * counts from the end; default the last): [{ point, name, kind }],
	 * kind 'capture' or 'promote'. */
	effects(i = -1) {
		const h = this.#handle();
		const n = M._bg_history_length(h) >>> 0;
		if (i < -n || !Number.isInteger(i))
			throw invalid(`no move ${i} in a history of ${n}`);
		if (i < 0)
			i += n;
		return scratch(s => {
			const cap = Math.max(1, M._bg_point_count(h)), count = s.alloc(4);
			const buf = s.alloc(cap * 8);
			check(M._bg_move_effects(h, i, buf, cap, count));
			const out = [];
			for (let k = 0; k < u32(count); k++) {
				const p = i32(buf + 8 * k);
				out.push({ point: p, name: this.pointName(p),
					   kind: EFFECT_KINDS[i32(buf + 8 * k + 4)] });
			}
			return out;
		});
	}

	/** The name of a seat for people ("White", "Wolf"). */
	seatName(seat) {
		const p = M._bg_seat_name(this.#handle(), seat);
		if (!p)
			throw invalid(`no seat ${seat}`);
		return cstring(p);
	}

	// -- the end

	#keepsScores() {
		const name = this.name;
		if (!keepsScores.has(name)) {
			// Asked of a handle of its own: a failure on this one would
			// overwrite its lastError.
			const probe = new Game(name);
			try {
				keepsScores.set(name, scratch(s =>
					M._bg_score(probe.#h, 0, s.alloc(8))) !==
					ErrorCode.ENOTSUP);
			} finally {
				probe.free();
			}
		}
		return keepsScores.get(name);
	}

	/** The state of the game: { status ('ongoing', 'win', 'draw'), winner
	 * (0, 1 or null), reason (its name, 'none' while ongoing), scores
	 * ([seat 0's, seat 1's] or null in a game without scores), over,
	 * result ('1-0', '0-1', '1/2-1/2', '*') }. */
	get outcome() {
		const h = this.#handle();
		const [status, winner, reason] = scratch(s => {
			const p = s.alloc(12);
			check(M._bg_outcome(h, p, p + 4, p + 8));
			return [i32(p), i32(p + 4), i32(p + 8)];
		});
		const st = STATUSES[status];
		return Object.freeze({
			status: st, winner: winner < 0 ? null : winner,
			reason: reasonName(reason),
			scores: this.#keepsScores() ? [this.score(0), this.score(1)] : null,
			over: st !== 'ongoing',
			result: st === 'win' ? (winner === 0 ? '1-0' : '0-1')
				: st === 'draw' ? '1/2-1/2' : '*',
		});
	}

	/** The score of a seat; ENOTSUP in a game that keeps none. */
	score(seat) {
		const h = this.#handle();
		return scratch(s => {
			const p = s.alloc(8);
			check(M._bg_score(h, seat, p));
			return f64(p);
		});
	}

	/** A quick estimate of how well seat stands, in [0, 1]; ENOTSUP for a
	 * game with no measure better than chance. */
	evaluate(seat) {
		const h = this.#handle();
		return scratch(s => {
			const p = s.alloc(8);
			check(M._bg_evaluate(h, seat, p));
			return f64(p);
		});
	}

	/** seat resigns; the other wins. */
	resign(seat) { check(M._bg_resign(this.#handle(), seat)); }
	/** A draw agreed by both sides. */
	agreeDraw() { check(M._bg_agree_draw(this.#handle())); }
	/** End with a result the moves do not give: status 'win' or 'draw',
	 * winner 0, 1 or null, reason 'resignation', 'agreement', 'time' or
	 * 'adjudication'. */
	declareResult(status, winner, reason) {
		const code = reasonNames().indexOf(reason);
		if (STATUSES.indexOf(status) < 1 || !REASON_CODES.includes(reason))
			throw invalid(`not a declared result: ${status}, ${reason}`);
		check(M._bg_declare_result(this.#handle(), STATUSES.indexOf(status),
					   winner ?? -1, code));
	}

	/** The 64-bit Zobrist hash of the position (a BigInt). */
	get hash() { return BigInt.asUintN(64, M._bg_hash(this.#handle())); }

	// -- text

	/** The position as one line of text; Game.fromPosition reads it. */
	get position() { return text(M._bg_position_text, this.#handle()); }
	/** The record of the game (PGN-like); Game.fromRecord reads it. */
	get record() { return text(M._bg_record_text, this.#handle()); }
	/** The record of a Dots game as SGF; EWRONGGAME for another game. */
	sgf() { return text(M._bg_tochki_sgf, this.#handle()); }

	/**
	 * An SVG picture of the position, drawn by the library: width and
	 * height in pixels (0: from the other and the board's proportions;
	 * both 0: 480 wide), coordinates, the last move, a status line, a
	 * selected point ringed and targets marked (indices or names). Each
	 * point's element carries its name (data-point="e4").
	 */
	svg({ width = 0, height = 0, coords = true, lastMove = true,
	      status = true, selected = null, targets = [] } = {}) {
		const h = this.#handle();
		const sel = this.#point(selected);
		const pts = targets.map(t => this.#point(t));
		return scratch(s => {
			const o = s.alloc(28), t = s.alloc(4 * pts.length);
			pts.forEach((p, k) => { M.HEAP32[(t >> 2) + k] = p; });
			M.HEAPU32.set([SVG_OPTIONS_VERSION,
				(coords ? SVG_COORDS : 0) | (lastMove ? SVG_LAST_MOVE : 0) |
				(status ? SVG_STATUS : 0)], o >> 2);
			M.HEAP32.set([width, height, sel, t, pts.length], (o >> 2) + 2);
			return text(M._bg_board_svg, h, o);
		});
	}

	// -- the board

	/** The board: { kind ('cells', 'intersections', 'lines'), width,
	 * height, points: [{ index, name, x, y, marks }], lines: [{ style,
	 * points }] }. It never changes during a game. */
	get board() {
		const h = this.#handle();
		return scratch(s => {
			const p = s.alloc(16);
			check(M._bg_board_size(h, p, p + 4));
			const board = { kind: BOARD_KINDS[check(M._bg_board_kind(h))],
					width: i32(p), height: i32(p + 4),
					points: [], lines: [] };
			for (let k = 0; k < M._bg_point_count(h); k++) {
				check(M._bg_point_coords(h, k, p, p + 4));
				const bits = check(M._bg_point_marks(h, k));
				board.points.push(Object.freeze({
					index: k, name: this.pointName(k), x: i32(p),
					y: i32(p + 4),
					marks: MARKS.filter(([b]) => bits & b).map(([, n]) => n),
				}));
			}
			for (let i = 0; i < M._bg_line_count(h); i++) {
				check(M._bg_line_info(h, i, p, p + 4));
				const pts = [];
				for (let k = 0; k < u32(p + 4); k++) {
					check(M._bg_line_point(h, i, k, p + 8));
					pts.push(i32(p + 8));
				}
				board.lines.push(Object.freeze({
					style: LINE_STYLES[i32(p)], points: pts }));
			}
			return Object.freeze(board);
		});
	}

	/** The index of a point by name ("e4"); EPARSE when none. */
	point(name) {
		const h = this.#handle();
		return scratch(s => {
			const p = s.alloc(4);
			check(M._bg_point_find(h, s.str(name), p));
			return i32(p);
		});
	}

	/** The name of point p ("e4"). */
	pointName(p) {
		const h = this.#handle();
		return scratch(s => {
			const buf = s.alloc(POINT_NAME_MAX);
			check(M._bg_point_name(h, p, buf, POINT_NAME_MAX, 0));
			return cstring(buf);
		});
	}

	/** What stands on a point (index or name): { seat, kind ('man',
	 * 'king', 'dead') } or null. */
	piece(p) {
		const h = this.#handle(), k = this.#point(p);
		return scratch(s => {
			const q = s.alloc(8);
			check(M._bg_point_piece(h, k, q, q + 4));
			const kind = PIECE_KINDS[i32(q + 4)];
			return kind ? Object.freeze({ seat: i32(q), kind }) : null;
		});
	}

	/** piece() of every point, by index. */
	get pieces() {
		const out = [];
		for (let p = 0; p < M._bg_point_count(this.#handle()); p++)
			out.push(this.piece(p));
		return out;
	}

	// -- Dots

	/** Dots: a point's { state ('empty', 'dead', 'point'), color, owner }
	 * (seats, or null). */
	tochkiPoint(p) {
		const h = this.#handle(), k = this.#point(p);
		return scratch(s => {
			const q = s.alloc(12);
			check(M._bg_tochki_point(h, k, q, q + 4, q + 8));
			const seat = v => (v < 0 ? null : v);
			return { state: TOCHKI_STATES[i32(q)], color: seat(i32(q + 4)),
				 owner: seat(i32(q + 8)) };
		});
	}

	/** Dots: the enclosure rings, oldest first: [{ owner, points }]. */
	tochkiRings() {
		const h = this.#handle();
		const count = check(M._bg_tochki_ring_count(h));
		const cap = M._bg_point_count(h) + 1;
		return scratch(s => {
			const buf = s.alloc(4 * cap), n = s.alloc(4), owner = s.alloc(4);
			const out = [];
			for (let i = 0; i < count; i++) {
				check(M._bg_tochki_ring(h, i, buf, cap, n, owner));
				out.push({ owner: i32(owner), points:
					Array.from(M.HEAP32.subarray(buf >> 2, (buf >> 2) + u32(n))) });
			}
			return out;
		});
	}
}


// ---- Search ----------------------------------------------------------------------

const SEARCH_OPTIONS_VERSION = 1;
const SEARCH_OPTIONS_SIZE = 48, SEARCH_LIMITS_SIZE = 24;
const SEARCH_LINE_SIZE = 96, SEARCH_INFO_SIZE = 48;

/**
 * The library's computer player (<boardgames/search.h>: Monte-Carlo tree
 * search) on a copy of a game, in this thread: think() blocks until a
 * limit is reached. In a page, SearchWorker runs one in a Web Worker.
 * Options: level (1..10), seed, maxNodes, explore, plyCap, cutoff; one
 * thread (WebAssembly has none).
 */
export class Search {
	#s = 0;
	#root; // a copy of the root position, for move texts

	constructor(game, { level, seed, maxNodes, explore, plyCap, cutoff } = {}) {
		if (!(game instanceof Game))
			throw invalid('a Game was expected');
		const h = game[HANDLE]();
		this.#s = scratch(s => {
			const o = s.alloc(SEARCH_OPTIONS_SIZE), out = s.alloc(4);
			const v = new DataView(M.HEAPU8.buffer);
			check(M._bg_search_options_init(o, SEARCH_OPTIONS_VERSION));
			if (level !== undefined) v.setInt32(o + 4, level, true);
			if (seed !== undefined)
				v.setBigUint64(o + 16, BigInt.asUintN(64, BigInt(seed)), true);
			if (maxNodes !== undefined) v.setUint32(o + 24, maxNodes, true);
			if (explore !== undefined) v.setFloat64(o + 32, explore, true);
			if (plyCap !== undefined) v.setUint32(o + 40, plyCap, true);
			if (cutoff !== undefined) v.setUint32(o + 44, cutoff, true);
			check(M._bg_search_new(out, h, o));
			return u32(out);
		});
		this.#root = game.clone();
		searches.register(this, this.#s, this);
	}

	#handle() {
		if (!this.#s)
			throw invalid('the search was freed');
		return this.#s;
	}

	// The move at ptr, with its text in the root position.
	#move(ptr) {
		const raw = M.HEAPU8.slice(ptr, ptr + MOVE_SIZE);
		return new Move(raw, this.#root.moveText(new Move(raw, '')));
	}

	/** Free the searcher now (else the garbage collector does). */
	free() {
		if (this.#s) {
			searches.unregister(this);
			M._bg_search_free(this.#s);
			this.#s = 0;
			this.#root.free();
		}
	}

	/** Search until a limit ({ playouts, seconds, nodes }; the level's cap
	 * holds too) and return the move to play. The tree carries over. */
	think({ playouts = 0, seconds = 0, nodes = 0 } = {}) {
		const s = this.#handle();
		return scratch(t => {
			const l = t.alloc(SEARCH_LIMITS_SIZE), m = t.alloc(MOVE_SIZE);
			const v = new DataView(M.HEAPU8.buffer);
			v.setBigUint64(l, BigInt(playouts), true);
			v.setFloat64(l + 8, seconds, true);
			v.setUint32(l + 16, nodes, true);
			check(M._bg_search_think(s, l, m));
			return this.#move(m);
		});
	}

	/** Move the root by a move (a Move or its text), keeping its subtree. */
	play(move) {
		const s = this.#handle();
		const m = typeof move === 'string' ? this.#root.parseMove(move) : move;
		scratch(t => {
			const p = t.alloc(MOVE_SIZE);
			M.HEAPU8.set(m.raw, p);
			check(M._bg_search_play(s, p));
		});
		this.#root.play(m);
	}

	/** Bring the root to a game's position (keeping the tree when the game
	 * is the root followed by moves). */
	sync(game) {
		const s = this.#handle();
		check(M._bg_search_sync(s, game[HANDLE]()));
		this.#root.free();
		this.#root = game.clone();
	}

	/** The root moves, most visited first: [{ move, visits, value, depth }]. */
	analysis() {
		const s = this.#handle();
		return scratch(t => {
			const n = t.alloc(4);
			check(M._bg_search_analysis(s, 0, 0, n));
			const cap = u32(n), buf = t.alloc(cap * SEARCH_LINE_SIZE);
			check(M._bg_search_analysis(s, buf, cap, n));
			const v = new DataView(M.HEAPU8.buffer), out = [];
			for (let k = 0; k < u32(n); k++) {
				const p = buf + k * SEARCH_LINE_SIZE;
				out.push({ move: this.#move(p),
					   visits: Number(v.getBigUint64(p + 72, true)),
					   value: v.getFloat64(p + 80, true),
					   depth: v.getUint32(p + 88, true) });
			}
			return out;
		});
	}

	/** The principal variation of the k-th line of analysis(), as Moves. */
	pv(k = 0) {
		const s = this.#handle();
		return scratch(t => {
			const n = t.alloc(4);
			check(M._bg_search_pv(s, k, 0, 0, n));
			const cap = u32(n), buf = t.alloc(cap * MOVE_SIZE);
			check(M._bg_search_pv(s, k, buf, cap, n));
			const g = this.#root.clone(), out = [];
			try {
				for (let i = 0; i < u32(n); i++) {
					const p = buf + i * MOVE_SIZE;
					out.push(g.play(new Move(M.HEAPU8.slice(p, p + MOVE_SIZE), '')));
				}
			} finally {
				g.free();
			}
			return out;
		});
	}

	/** What the searcher did and holds: { playouts, rootVisits, seconds,
	 * nodes, maxNodes, memory, threads, level }. */
	get info() {
		const s = this.#handle();
		return scratch(t => {
			const p = t.alloc(SEARCH_INFO_SIZE);
			check(M._bg_search_info_get(s, p));
			const v = new DataView(M.HEAPU8.buffer);
			return { playouts: Number(v.getBigUint64(p, true)),
				 rootVisits: Number(v.getBigUint64(p + 8, true)),
				 seconds: v.getFloat64(p + 16, true),
				 nodes: v.getUint32(p + 24, true),
				 maxNodes: v.getUint32(p + 28, true),
				 memory: v.getUint32(p + 32, true),
				 threads: v.getInt32(p + 36, true),
				 level: v.getInt32(p + 40, true) };
		});
	}
}

const searches = new FinalizationRegistry(s => M._bg_search_free(s));

// ---- Search in a worker ----------------------------------------------------------

const inNode = typeof process === 'object' && typeof process.versions?.node === 'string' &&
	typeof window === 'undefined';

/**
 * A Search in a worker of its own (a Web Worker in browsers, a
 * worker_threads Worker in Node), so that a page never blocks while the
 * computer thinks. Games cross as their record text; moves come back as
 * Moves of the game given. Every method returns a Promise; errors reject
 * with a BoardGamesError.
 *
 *   const s = await SearchWorker.create(game, { level: 5 });
 *   const move = await s.think({ seconds: 1 });
 *   game.play(move); await s.sync(game);
 */
export class SearchWorker {
	#worker; #pending = new Map(); #next = 1; #game; #exit;

	static async create(game, options = {}) {
		const url = new URL('./search-worker.js', import.meta.url);
		let worker;
		if (inNode) {
			const threads = 'node:worker_threads'; // not for bundlers to follow
			const { Worker } = await import(threads);
			worker = new Worker(url);
		} else {
			worker = new Worker(url, { type: 'module' });
		}
		const sw = new SearchWorker(worker, game);
		await sw.#call('new', game.record, options);
		return sw;
	}

	constructor(worker, game) {
		this.#worker = worker;
		this.#game = game.clone();
		const reply = ({ id, result, error }) => {
			const p = this.#pending.get(id);
			this.#pending.delete(id);
			if (error)
				p.reject(new BoardGamesError(error.code, error.detail));
			else
				p.resolve(result);
		};
		// A worker that fails (its script did not load) fails every call.
		const fail = error => {
			for (const p of this.#pending.values())
				p.reject(error);
			this.#pending.clear();
		};
		if (inNode) {
			worker.on('message', reply);
			worker.on('error', fail);
			this.#exit = new Promise(resolve => worker.once('exit', resolve));
		} else {
			worker.onmessage = e => reply(e.data);
			worker.onerror = e => fail(new Error(`the search worker failed: ${e.message ?? e}`));
		}
	}

	#call(op, ...args) {
		const id = this.#next++;
		return new Promise((resolve, reject) => {
			this.#pending.set(id, { resolve, reject });
			this.#worker.postMessage({ id, op, args });
		});
	}

	/** Think and give the move to play (a Move of the root position). */
	async think(limits = {}) {
		return this.#game.parseMove(await this.#call('think', limits));
	}

	/** Move the root by a move (a Move or its text). */
	async play(move) {
		const m = this.#game.play(String(move));
		await this.#call('play', m.text);
	}

	/** Bring the root to a game's position. */
	async sync(game) {
		this.#game.free();
		this.#game = game.clone();
		await this.#call('sync', game.record);
	}

	/** The root moves: [{ move (text), visits, value, depth }]. */
	analysis() { return this.#call('analysis'); }
	/** The principal variation of line k, as move texts. */
	pv(k = 0) { return this.#call('pv', k); }
	/** The searcher's figures (Search.info). */
	info() { return this.#call('info'); }

	/** End the worker and its searcher, a think under way too. In Node
	 * it resolves with the worker's exit code, as worker_threads'
	 * terminate() does: 0 where the worker was idle, which then frees its
	 * searcher and ends by itself, since Node's terminate() of a thread
	 * that has run WebAssembly crashes the process at times (a
	 * segmentation fault as it exits); 1 where a call was under way and
	 * the worker was stopped. */
	async terminate() {
		this.#game.free();
		if (inNode && this.#pending.size === 0) {
			this.#worker.postMessage({ op: 'close' });
			return this.#exit;
		}
		const code = await this.#worker.terminate();
		return inNode ? code : undefined;
	}
}
