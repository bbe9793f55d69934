// Emscripten's programs see an environment of their own; under Node this
// gives them the process's too (CK_FORK=no for Check, BG_CONFORMANCE_SCALE).
Module['preRun'] = (Module['preRun'] || []).concat(function () {
	if (typeof ENV === 'object' && typeof process === 'object')
		Object.assign(ENV, process.env);
});
