// The worker of SearchWorker (index.js): one Search, driven by messages
// { id, op, args } and answering { id, result } or { id, error }. Runs as
// a module Web Worker in browsers and as a worker_threads Worker in Node.
//
// The message handler is set before the library loads: a browser delivers
// the messages a module worker gets while it awaits its imports to no one,
// so they wait in a queue here until the library is ready.
const inNode = typeof self === 'undefined';
const queue = [];
let handle = null;
const arrive = data => (handle ? handle(data) : queue.push(data));
let port;
if (inNode) {
	port = (await import('node:worker_threads')).parentPort;
	port.on('message', arrive);
} else {
	port = self;
	self.onmessage = e => arrive(e.data);
}

const { Game, Search } = await import('./index.js');
let search = null;

const ops = {
	new(record, options) {
		const g = Game.fromRecord(record);
		try {
			search = new Search(g, options);
		} finally {
			g.free();
		}
	},
	think(limits) { return search.think(limits).text; },
	play(move) { search.play(move); },
	sync(record) {
		const g = Game.fromRecord(record);
		try {
			search.sync(g);
		} finally {
			g.free();
		}
	},
	analysis() {
		return search.analysis().map(l => ({ ...l, move: l.move.text }));
	},
	pv(k) { return search.pv(k).map(String); },
	info() { return search.info; },
};

handle = ({ id, op, args }) => {
	// SearchWorker.terminate() of an idle worker in Node: with the port
	// closed nothing keeps the thread, which ends by itself.
	if (op === 'close') {
		search?.free();
		search = null;
		port.close();
		return;
	}
	try {
		if (!Object.hasOwn(ops, op))
			throw new Error(`no operation ${op}`);
		port.postMessage({ id, result: ops[op](...args) });
	} catch (e) {
		port.postMessage({ id, error: { code: e.code ?? -1, detail: e.detail ?? String(e) } });
	}
};
queue.splice(0).forEach(handle);
