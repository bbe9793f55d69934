// TypeScript declarations of the JavaScript binding of libboardgames
// (index.js). See doc/javascript.md.

/** The library's error codes by name (BG_E* of boardgames.h). */
export declare const ErrorCode: Readonly<{
	OK: 0; EINVAL: -1; ENOGAME: -2; EOPTION: -3; EPARSE: -4; EILLEGAL: -5;
	EAMBIGUOUS: -6; EBUFSIZE: -7; ENOUNDO: -8; EGAMEOVER: -9; EFORMAT: -10;
	ENOMEM: -11; EWRONGGAME: -12; ENOTSUP: -13;
}>;

export type ErrorCodeName = Exclude<keyof typeof ErrorCode, 'OK'>;

/** A failed call of the library. */
export declare class BoardGamesError extends Error {
	readonly name: 'BoardGamesError';
	/** The BG_E* code, negative. */
	readonly code: number;
	/** The code's name, 'EILLEGAL'. */
	readonly codeName: ErrorCodeName | 'EUNKNOWN';
	/** The library's detail ("'a1-a9' is not a move on this board"). */
	readonly detail: string;
}

/** The library's version, "MAJOR.MINOR.PATCH". */
export declare function version(): string;
/** major * 10000 + minor * 100 + patch. */
export declare function versionNumber(): number;
/** The library's English text for an error code. */
export declare function strerror(code: number): string;
/** The name of a reason code ("leave-home"); "?" when unknown. */
export declare function reasonName(code: number): string;
/** Every reason name, by code. */
export declare function reasonNames(): string[];

export type OptionType = 'bool' | 'int' | 'enum' | 'text';

/** An option of a game, as the catalogue describes it. */
export interface OptionInfo {
	readonly key: string;
	readonly type: OptionType;
	/** The default value as text. */
	readonly default: string;
	/** The allowed values: "8|10", "0..1000", "auto|0..200", or a pattern. */
	readonly allowed: string;
	/** One line saying what it does. */
	readonly doc: string;
}

/** A game of the catalogue. */
export interface GameInfo {
	readonly index: number;
	readonly name: string;
	readonly titles: Readonly<{ en: string; ru: string }>;
	readonly aliases: readonly string[];
	readonly options: readonly OptionInfo[];
}

/** The catalogue, in its order. */
export declare function games(): readonly GameInfo[];
/** The game of a name or alias; throws ENOGAME when none. */
export declare function findGame(name: string): GameInfo;

export type MoveKind = 'pass' | 'place' | 'step' | 'jump' | 'capture' | 'ground';

/** A move: a value, compared with equals(). */
export declare class Move {
	/** The 72 bytes of struct bg_move. */
	readonly raw: Uint8Array;
	/** Its text in the game it came from ("e2-e4", "c3xe5xg3"). */
	readonly text: string;
	readonly kind: MoveKind;
	readonly flags: number;
	/** The path, point indices. */
	readonly path: number[];
	/** Removals chosen by the mover (mill, bolotudu), point indices. */
	readonly removals: number[];
	equals(other: unknown): boolean;
	toString(): string;
	toJSON(): string;
}

export type Status = 'ongoing' | 'win' | 'draw';

export interface Outcome {
	readonly status: Status;
	readonly winner: 0 | 1 | null;
	/** The reason's name: 'goal', 'no-moves', ...; 'none' while ongoing. */
	readonly reason: string;
	/** [seat 0's, seat 1's] as the game counts them; null without scores. */
	readonly scores: [number, number] | null;
	readonly over: boolean;
	readonly result: '1-0' | '0-1' | '1/2-1/2' | '*';
}

export type Mark = 'home0' | 'home1' | 'special';

export interface Point {
	readonly index: number;
	/** "e4" */
	readonly name: string;
	/** Drawing coordinates: x to the right, y upwards. */
	readonly x: number;
	readonly y: number;
	readonly marks: Mark[];
}

export interface Line {
	readonly style: 'solid' | 'dashed';
	readonly points: number[];
}

export interface Board {
	readonly kind: 'cells' | 'intersections' | 'lines';
	readonly width: number;
	readonly height: number;
	readonly points: readonly Point[];
	readonly lines: readonly Line[];
}

export interface Piece {
	readonly seat: 0 | 1;
	readonly kind: 'man' | 'king' | 'dead';
}

export interface Effect {
	readonly point: number;
	readonly name: string;
	readonly kind: 'capture' | 'promote';
}

export interface TochkiPoint {
	readonly state: 'empty' | 'dead' | 'point';
	readonly color: 0 | 1 | null;
	readonly owner: 0 | 1 | null;
}

export interface Ring {
	readonly owner: 0 | 1;
	readonly points: number[];
}

/** A point by index or by name ("e4"). */
export type PointRef = number | string;

export interface SvgOptions {
	/** Pixels; 0: from height and the board's proportions (both 0: 480 wide). */
	width?: number;
	height?: number;
	/** File letters and rank numbers (default true). */
	coords?: boolean;
	/** The last move and what it took (default true). */
	lastMove?: boolean;
	/** The side to move or the result below the board (default true). */
	status?: boolean;
	/** A point to ring as the chosen piece. */
	selected?: PointRef | null;
	/** Points to mark as legal targets. */
	targets?: PointRef[];
}

export type OptionValue = string | number | boolean;

/** A game: rules, position and history in a handle of the library. */
export declare class Game {
	/** A new game: a spec ("kutochki:size=10") and options ({ size: 10 }). */
	constructor(spec: string, options?: Record<string, OptionValue>);
	static fromPosition(text: string): Game;
	static fromRecord(text: string): Game;
	/** Dots from SGF: the game and the reader's warnings. */
	static readSgf(sgf: string, spec?: string | null, index?: number): { game: Game; warnings: string[] };
	static fromSgf(sgf: string, spec?: string | null, index?: number): Game;
	static sgfCount(sgf: string): number;

	/** Free the handle now (else the garbage collector does). */
	free(): void;
	readonly freed: boolean;
	clone(): Game;
	/** Make this game the one `other` is (same spec), history included. */
	copyFrom(other: Game): void;

	readonly lastError: string;
	readonly spec: string;
	readonly name: string;
	readonly info: GameInfo;
	toString(): string;

	legalMoves(where?: { from?: PointRef | null; to?: PointRef | null }): Move[];
	legalMoveCount(): number;
	readonly maxMoves: number;
	parseMove(text: string): Move;
	moveText(move: Move): string;
	/** Play a Move or a move text; returns the move played. */
	play(move: Move | string): Move;
	undo(): void;
	randomMove(state: bigint | number): { move: Move; state: bigint };
	playout(state: bigint | number, maxPlies?: number): { plies: number; state: bigint };
	readonly toMove: 0 | 1;
	readonly ply: number;
	history(): Move[];
	effects(i?: number): Effect[];
	seatName(seat: 0 | 1): string;

	readonly outcome: Outcome;
	score(seat: 0 | 1): number;
	evaluate(seat: 0 | 1): number;
	resign(seat: 0 | 1): void;
	agreeDraw(): void;
	declareResult(status: 'win' | 'draw', winner: 0 | 1 | null,
		      reason: 'resignation' | 'agreement' | 'time' | 'adjudication'): void;
	readonly hash: bigint;

	readonly position: string;
	readonly record: string;
	/** Dots only: the record as SGF. */
	sgf(): string;
	/** An SVG picture of the position. */
	svg(options?: SvgOptions): string;

	readonly board: Board;
	point(name: string): number;
	pointName(p: number): string;
	piece(p: PointRef): Piece | null;
	readonly pieces: (Piece | null)[];
	tochkiPoint(p: PointRef): TochkiPoint;
	tochkiRings(): Ring[];
}

/** The options of a searcher, fixed when it is made (doc/search.md). */
export interface SearchOptions {
	/** 1 (weakest) .. 10 (default). */
	level?: number;
	/** The seed of its random generators (default 1). */
	seed?: bigint | number;
	/** The most tree nodes held (default 4194304). */
	maxNodes?: number;
	/** The UCB1 exploration constant, 0 .. 100 (default 0.7). */
	explore?: number;
	/** Plies of a random playout before it counts as a draw (default 500). */
	plyCap?: number;
	/** Plies before the evaluation is backed up, in games that have one. */
	cutoff?: number;
}

/** When a think stops: whichever comes first; 0 or absent is no limit. */
export interface SearchLimits {
	playouts?: number | bigint;
	seconds?: number;
	nodes?: number;
}

export interface SearchLine<M = Move> {
	readonly move: M;
	readonly visits: number;
	/** Its mean result for the side to move, 0 (lost) .. 1 (won). */
	readonly value: number;
	readonly depth: number;
}

export interface SearchInfo {
	readonly playouts: number;
	readonly rootVisits: number;
	readonly seconds: number;
	readonly nodes: number;
	readonly maxNodes: number;
	readonly memory: number;
	readonly threads: number;
	readonly level: number;
}

/** The computer player on a copy of a game, in this thread. */
export declare class Search {
	constructor(game: Game, options?: SearchOptions);
	free(): void;
	think(limits?: SearchLimits): Move;
	play(move: Move | string): void;
	sync(game: Game): void;
	analysis(): SearchLine[];
	pv(k?: number): Move[];
	readonly info: SearchInfo;
}

/** A Search in a worker of its own: a Web Worker in browsers, a
 * worker_threads Worker in Node. Every method returns a Promise. */
export declare class SearchWorker {
	static create(game: Game, options?: SearchOptions): Promise<SearchWorker>;
	think(limits?: SearchLimits): Promise<Move>;
	play(move: Move | string): Promise<void>;
	sync(game: Game): Promise<void>;
	/** The root moves, their moves as text. */
	analysis(): Promise<SearchLine<string>[]>;
	/** The principal variation of line k, as move texts. */
	pv(k?: number): Promise<string[]>;
	info(): Promise<SearchInfo>;
	/** In Node the worker's exit code: 0 where it was idle and ended by
	 * itself, 1 where a call was under way and it was stopped. */
	terminate(): Promise<number | undefined>;
}
