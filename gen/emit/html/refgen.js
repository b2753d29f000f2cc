/* SPDX-License-Identifier: MIT */
/*
 * refgen register reference: the search box.  The index is a script per
 * chip (search.js, written by refgen) loaded on first use with a <script>
 * element, so it works from file:// with no server and nothing fetched from
 * the network.  A query is part of a name (any case), or an address 0x...
 * that finds every register holding it (array indices worked out), else
 * the device ranges holding it.
 */
"use strict";

var refgenIndex;

(function () {
	var MAX_HITS = 100;
	var chips = [];          /* { chip, base, names, e, pages } */
	var state = "idle";      /* idle, loading, ready */
	var loadingBase = "";
	var input, hits;

	refgenIndex = function (ix) {
		var names = new Array(ix.e.length);
		for (var k = 0; k < ix.e.length; k++) {
			var e = ix.e[k];
			names[k] = (e[1] >= 0 ? names[e[1]] : "") + e[0];
		}
		chips.push({ chip: ix.chip, base: loadingBase, names: names, e: ix.e, pages: ix.pages });
	};

	function load(paths, done) {
		if (!paths.length) {
			done();
			return;
		}
		var path = paths.shift();
		var s = document.createElement("script");
		loadingBase = path.replace(/[^/]*$/, "");
		s.src = path;
		s.onload = function () { load(paths, done); };
		s.onerror = function () { load(paths, done); };
		document.head.appendChild(s);
	}

	function ensureLoaded() {
		if (state !== "idle")
			return;
		state = "loading";
		var list = (document.body.getAttribute("data-search") || "").split(" ").filter(Boolean);
		load(list, function () {
			state = "ready";
			run();
		});
	}

	function unitOf(page) {
		return page.replace(/(-[0-9]+)?\.html$/, "");
	}

	function hit(c, k, label) {
		var e = c.e[k];
		var kinds = { d: "device", r: "register", s: "structure", f: "field", v: "value", c: "constant" };
		return { href: c.base + c.pages[e[2]] + "#" + c.names[k], label: label || c.names[k],
			 where: c.chip + " " + unitOf(c.pages[e[2]]) + ", " + kinds[e[3]] };
	}

	/* Indices of register entry e (base, stride i, count i, stride j, count j) at addr. */
	function regIndex(e, addr) {
		if (Array.isArray(e[4])) {
			var at = e[4].indexOf(addr);
			return at < 0 ? null : "(" + at + ")";
		}
		var d = addr - e[4], s1 = e[5], n1 = e[6], s2 = e[7], n2 = e[8];
		if (e.length < 9 || d < 0)
			return null;
		if (!s1 && !s2)
			return d === 0 ? "" : null;
		if (!s2)
			return d % s1 === 0 && (!n1 || d / s1 < n1) ? "(" + d / s1 + ")" : null;
		for (var i = 0; i < (n1 || 1); i++) {
			var rem = d - i * s1;
			if (rem >= 0 && rem % s2 === 0 && (!n2 || rem / s2 < n2))
				return "(" + i + "," + rem / s2 + ")";
		}
		return null;
	}

	function searchAddress(addr) {
		var out = [], devices = [];
		chips.forEach(function (c) {
			for (var k = 0; k < c.e.length && out.length < MAX_HITS; k++) {
				var e = c.e[k];
				if (e[3] === "r") {
					var ix = regIndex(e, addr);
					if (ix === null && addr % 4)
						ix = regIndex(e, addr - addr % 4);
					if (ix !== null)
						out.push(hit(c, k, c.names[k] + ix));
				} else if (e[3] === "d" && e.length >= 6 && e[4] <= addr && addr <= e[5]) {
					devices.push(hit(c, k));
				}
			}
		});
		return out.length ? out : devices;
	}

	function searchName(q) {
		var exact = [], starts = [], other = [];
		q = q.toUpperCase();
		chips.forEach(function (c) {
			for (var k = 0; k < c.names.length; k++) {
				var n = c.names[k], at = n.indexOf(q);
				if (at < 0)
					continue;
				if (n === q || n === "NV_" + q)
					exact.push(hit(c, k));
				else if (at === 0 || at === 3)
					starts.push(hit(c, k));
				else if (other.length < MAX_HITS)
					other.push(hit(c, k));
			}
		});
		return exact.concat(starts, other).slice(0, MAX_HITS);
	}

	function show(list, q) {
		hits.textContent = "";
		if (!q)
			return;
		if (!list.length) {
			var p = document.createElement("p");
			p.textContent = state === "ready" ? "nothing matches" : "loading the index...";
			hits.appendChild(p);
			return;
		}
		list.forEach(function (h) {
			var a = document.createElement("a");
			var small = document.createElement("small");
			a.href = h.href;
			a.textContent = h.label + " ";
			small.textContent = h.where;
			a.appendChild(small);
			hits.appendChild(a);
		});
	}

	function run() {
		var q = input.value.trim();
		if (state !== "ready" || !q) {
			show([], q);
			return;
		}
		var m = /^0x([0-9a-f]+)$/i.exec(q);
		show(m ? searchAddress(parseInt(m[1], 16)) : searchName(q), q);
	}

	document.addEventListener("DOMContentLoaded", function () {
		input = document.getElementById("q");
		hits = document.getElementById("hits");
		if (!input || !hits)
			return;
		input.addEventListener("focus", ensureLoaded);
		input.addEventListener("input", function () {
			ensureLoaded();
			run();
		});
		input.addEventListener("keydown", function (ev) {
			var first = hits.querySelector("a");
			if (ev.key === "Enter" && first)
				window.location.href = first.href;
			else if (ev.key === "Escape")
				show([], "");
		});
		hits.addEventListener("click", function () {
			setTimeout(function () { show([], ""); }, 0);
		});
	});
})();
