// The browser table of `holdem serve`: one WebSocket, the protocol of docs/server.md.
// State is rebuilt from the stream messages this seat may see; nothing is guessed.
"use strict";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const $ = (id) => document.getElementById(id);

const state = {
  table: Number(new URLSearchParams(location.search).get("table") || 0),
  socket: null,
  last: 0,           // the last stream message number received
  me: null,          // my table seat
  size: 6,
  settings: null,
  seats: [],         // per table seat: {name, stack, bot} or null
  hand: null,        // the hand in play (see newHand)
  turn: null,        // {s, d, legal, runs, deadline}
  joinClock: null,   // {d, left, at}: the welcome's clock for decision d
  retry: 0,
};

function tokenKey() { return `holdem.token.${state.table}`; }

function newHand(m) {
  const bets = {}, cards = {}, last = {};
  m.seats.forEach((s, i) => {
    bets[s] = 0;
    if (state.seats[s]) state.seats[s].stack = m.stacks[i];
  });
  return {
    number: m.h, seats: m.seats, button: m.button, bets, cards, last,
    folded: new Set(), mucked: new Set(), board: [], pot: 0, street: "preflop", over: false,
    runBoards: {},     // run number (2, 3) -> that run's board (R12.2)
    rake: 0,           // chips raked so far (R13)
  };
}

function splitCards(text) {
  const out = [];
  for (let i = 0; i + 1 < text.length; i += 2) out.push(text.slice(i, i + 2));
  return out;
}

const RUN_WORDS = { 1: "once", 2: "twice", 3: "three times" };
const CARDS_BEFORE = { flop: 0, turn: 3, river: 4 };

function nameOf(s) { return state.seats[s] ? state.seats[s].name : `Seat ${s + 1}`; }

function log(text, cls) {
  const li = document.createElement("li");
  li.textContent = text;
  if (cls) li.className = cls;
  const list = $("history");
  list.appendChild(li);
  while (list.children.length > 400) list.removeChild(list.firstChild);
  list.parentElement.scrollTop = list.parentElement.scrollHeight;
  return li;
}

function forgetHand(number) {
  // A hand streamed again (a restarted server replays the hand in play from
  // its `hand` message): its lines are written once, not twice.
  const list = $("history");
  const start = [...list.querySelectorAll("li.hand")].find((li) => li.dataset.h === String(number));
  if (!start) return;
  while (start.nextSibling) list.removeChild(start.nextSibling);
  list.removeChild(start);
}

function fixDeadline() {
  // A turn message carries the clock as it was when the turn began; after a
  // (re)join the welcome says what is left of it now.
  const c = state.joinClock, t = state.turn;
  if (c && t && t.d === c.d && c.left !== null) t.deadline = c.at + c.left * 1000;
}

function changeStack(s, delta) {
  if (state.seats[s]) state.seats[s].stack += delta;
}

// ------------------------------------------------------------ the stream
function apply(m) {
  const h = state.hand;
  switch (m.t) {
    case "seat":
      state.seats[m.s] = { name: m.name, stack: m.stack, bot: !!m.bot,
                           out: state.seats[m.s] ? !!state.seats[m.s].out : false };
      log(`${m.name} sits at seat ${m.s + 1} with ${m.stack}`);
      break;
    case "hand":
      forgetHand(m.h);
      state.hand = newHand(m);
      state.turn = null;
      log(`Hand #${m.h} — blinds ${m.sb}/${m.bb}, button ${nameOf(m.button)}`, "hand").dataset.h = m.h;
      break;
    case "post":
      if (!h) break;
      changeStack(m.s, -m.a); h.bets[m.s] += m.a; h.pot += m.a;
      h.last[m.s] = m.k;
      log(`${nameOf(m.s)} posts ${m.k} ${m.a}`);
      break;
    case "deal":
      if (h && m.c) { h.cards[m.s] = splitCards(m.c); log(`Dealt to you: ${pretty(m.c)}`); }
      break;
    case "board":
      if (!h) break;
      if (m.r) {  // a later run: the common cards, then its own (R12.2)
        const run = h.runBoards[m.r] || (h.runBoards[m.r] = h.board.slice(0, CARDS_BEFORE[m.st]));
        run.push(...splitCards(m.c));
        log(`Run ${m.r} ${m.st}: ${pretty(run.join(""))}`);
        break;
      }
      h.board.push(...splitCards(m.c)); h.street = m.st;
      for (const s of h.seats) { h.bets[s] = 0; if (!h.folded.has(s)) h.last[s] = ""; }
      log(`${m.st[0].toUpperCase()}${m.st.slice(1)}: ${pretty(h.board.join(""))}`);
      break;
    case "act":
      if (!h) break;
      changeStack(m.s, -m.add); h.bets[m.s] = m.to; h.pot += m.add;
      if (m.a === "fold") h.folded.add(m.s);
      h.last[m.s] = m.a + (m.a === "bet" || m.a === "raise" ? ` ${m.to}` : m.a === "call" ? ` ${m.add}` : "")
        + (m.ai ? " (all-in)" : "");
      log(`${nameOf(m.s)} ${h.last[m.s]}`);
      state.turn = null;
      break;
    case "return":
      if (!h) break;
      changeStack(m.s, m.a); h.bets[m.s] = Math.max(0, h.bets[m.s] - m.a); h.pot -= m.a;
      log(`${m.a} returned to ${nameOf(m.s)}`);
      break;
    case "show":
      if (!h) break;
      h.cards[m.s] = splitCards(m.c); h.last[m.s] = m.h;
      log(`${nameOf(m.s)} shows ${pretty(m.c)} (${m.h})`);
      break;
    case "runs":
      log(`${nameOf(m.s)} accepts ${m.k === 1 ? "one run" : `up to ${m.k} runs`}`);
      state.turn = null;
      break;
    case "runs_agreed":
      log(`The board is run ${RUN_WORDS[m.k]}`);
      break;
    case "rake":
      if (!h) break;
      h.pot -= m.a; h.rake += m.a;
      log(`Rake ${m.a} from the ${m.name}`);
      break;
    case "muck":
      if (h) { h.last[m.s] = "mucks"; h.mucked.add(m.s); log(`${nameOf(m.s)} mucks`); }
      break;
    case "pot":
      if (!h) break;
      m.w.forEach((s, i) => { changeStack(s, m.sh[i]); h.pot -= m.sh[i]; h.last[s] = `wins ${m.sh[i]}`; });
      for (const s of h.seats) h.bets[s] = 0;
      log(`${m.w.map(nameOf).join(" and ")} win${m.w.length > 1 ? "" : "s"} the ${m.name}`
        + `${m.r ? ` on run ${m.r}` : ""} (${m.a})`, "win");
      break;
    case "end":
      if (!h) break;
      m.stacks.forEach((stack, i) => { if (state.seats[h.seats[i]]) state.seats[h.seats[i]].stack = stack; });
      h.over = true; state.turn = null;
      break;
    case "turn":
      state.turn = { s: m.s, d: m.d, legal: m.legal || null, runs: m.runs || null,
                     deadline: m.clock ? Date.now() + m.clock * 1000 : null,
                     limit: state.settings ? state.settings.decision_seconds : m.clock };
      break;
    case "leave":
      state.seats[m.s] = null;
      if (m.s === state.me) { state.me = null; localStorage.removeItem(tokenKey()); }
      log(`${m.name} leaves the table with ${m.stack}`);
      break;
    case "timeout":
      log(`${nameOf(m.s)} ran out of time: ${m.a}`);
      break;
    case "sitout":
      if (state.seats[m.s]) state.seats[m.s].out = true;
      log(`${nameOf(m.s)} sits out${m.why === "timeouts" ? " (timed out twice)" : ""}`);
      break;
    case "sitin":
      if (state.seats[m.s]) state.seats[m.s].out = false;
      log(`${nameOf(m.s)} is back${m.entry === "wait" ? ", waiting for the big blind" : ""}`);
      break;
  }
}

function pretty(text) {
  return splitCards(text).map((c) => c[0].replace("T", "10") + SUITS[c[1]]).join(" ");
}

// ------------------------------------------------------------ drawing
function cardEl(code, small) {
  const el = document.createElement("div");
  el.className = "card" + (small ? " small" : "");
  if (!code || code === "??") { el.classList.add("back"); return el; }
  if (code === "slot") { el.classList.add("slot"); return el; }
  if (code[1] === "h" || code[1] === "d") el.classList.add("red");
  el.dataset.card = code;
  el.innerHTML = `<span class="rank">${code[0] === "T" ? "10" : code[0]}</span><span class="suit">${SUITS[code[1]]}</span>`;
  return el;
}

function place(k, radiusX, radiusY) {
  // Seat k of size around an oval; my seat (or seat 0) at the bottom centre.
  const base = state.me === null ? 0 : state.me;
  const angle = Math.PI / 2 + (2 * Math.PI * (k - base)) / state.size;
  return { x: 50 + radiusX * Math.cos(angle), y: 50 + radiusY * Math.sin(angle) };
}

function draw() {
  const h = state.hand;
  $("pot-total").textContent = h ? h.pot.toLocaleString() : 0;
  const board = $("board");
  board.replaceChildren();
  for (let i = 0; i < 5; i++) board.appendChild(cardEl(h && h.board[i] ? h.board[i] : "slot"));
  $("rake").textContent = h && h.rake ? `rake ${h.rake.toLocaleString()}` : "";
  const runs = $("runs");
  runs.replaceChildren();
  for (const [r, cards] of Object.entries(h ? h.runBoards : {})) {
    const row = document.createElement("div");
    row.className = "run-board"; row.dataset.run = r;
    row.append(`Run ${r}`, ...cards.map((c) => cardEl(c, true)));
    runs.appendChild(row);
  }
  $("street").textContent = h ? (h.over ? "hand over" : h.street) : "waiting for players";
  const seats = $("seats");
  seats.replaceChildren();
  for (let s = 0; s < state.size; s++) {
    const info = state.seats[s];
    const pos = place(s, 44, 44);
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.seat = s;
    el.style.left = pos.x + "%"; el.style.top = pos.y + "%";
    const inHand = h && h.seats.includes(s);
    if (!info) el.classList.add("empty");
    if (s === state.me) el.classList.add("me");
    if (inHand && h.folded.has(s)) el.classList.add("folded");
    if (state.turn && state.turn.s === s) el.classList.add("turn");
    const cards = document.createElement("div");
    cards.className = "cards";
    if (inHand && !h.folded.has(s) && (!h.mucked.has(s) || s === state.me)) {
      const known = h.cards[s];
      cards.appendChild(cardEl(known ? known[0] : null, true));
      cards.appendChild(cardEl(known ? known[1] : null, true));
    }
    el.appendChild(cards);
    const plate = document.createElement("div");
    plate.className = "plate";
    plate.innerHTML = `<div class="name"></div><div class="stack"></div><div class="last"></div>`;
    const nameEl = plate.querySelector(".name");
    nameEl.textContent = info ? info.name : "empty seat";
    if (info && info.bot) nameEl.insertAdjacentHTML("afterbegin", '<span class="tag">BOT</span>');
    plate.querySelector(".stack").textContent = info ? info.stack.toLocaleString() : "";
    plate.querySelector(".last").textContent = info && info.out ? "sitting out"
      : inHand ? (h.last[s] || "") : "";
    if (state.turn && state.turn.s === s && state.turn.deadline) {
      const bar = document.createElement("div");
      bar.className = "clock";
      bar.innerHTML = "<i></i>";
      plate.appendChild(bar);
    }
    el.appendChild(plate);
    seats.appendChild(el);
    if (inHand && h.bets[s] > 0) {
      const b = place(s, 27, 25);
      const bet = document.createElement("div");
      bet.className = "bet";
      bet.dataset.seat = s;
      bet.style.left = b.x + "%"; bet.style.top = b.y + "%";
      bet.innerHTML = `<span class="chip"></span><span></span>`;
      bet.lastChild.textContent = h.bets[s];
      seats.appendChild(bet);
    }
    if (h && h.button === s) {
      const d = place(s + 0.32, 33, 31);
      const btn = document.createElement("div");
      btn.className = "dealer"; btn.textContent = "D";
      btn.style.left = d.x + "%"; btn.style.top = d.y + "%";
      seats.appendChild(btn);
    }
  }
  drawClock();
  drawControls();
}

function drawClock() {
  const t = state.turn;
  const bar = document.querySelector(".seat.turn .clock");
  if (!t || !t.deadline || !bar) return;
  const left = Math.max(0, t.deadline - Date.now()) / 1000;
  bar.firstChild.style.width = `${(100 * left) / t.limit}%`;
  bar.classList.toggle("low", left < 8);
  if (t.s === state.me) $("message").textContent = `Your turn — ${Math.ceil(left)} s`;
}

function drawControls() {
  $("sit-form").hidden = state.me !== null;
  $("seat-buttons").hidden = state.me === null;
  const mine = state.me !== null ? state.seats[state.me] : null;
  $("back").hidden = !(mine && mine.out);
  const t = state.turn;
  const asked = t && t.s === state.me && t.runs;
  const choice = $("run-choice");
  choice.hidden = !asked;
  if (asked && choice.dataset.d !== String(t.d)) {  // the run question (R12.1)
    choice.dataset.d = String(t.d);
    choice.replaceChildren(...t.runs.map((k) => {
      const b = document.createElement("button");
      b.className = "act runs"; b.dataset.runs = k;
      b.textContent = `Run it ${RUN_WORDS[k]}`;
      b.onclick = () => send({ type: "runs", count: k, decision: t.d });
      return b;
    }));
  }
  const toAct = t && t.s === state.me && t.legal;
  $("actions").hidden = !toAct;
  $("actions").dataset.d = toAct ? String(t.d) : "";
  if (!toAct) { if (state.me !== null && !(t && t.s === state.me)) $("message").textContent = ""; return; }
  const legal = t.legal;
  $("fold").disabled = !legal.fold;
  $("check").textContent = legal.check ? "Check" : `Call ${legal.call}`;
  const canRaise = legal.min !== undefined;
  $("raise").disabled = !canRaise;
  $("sizing").hidden = !canRaise;
  if (canRaise) {
    const slider = $("slider"), amount = $("amount");
    if (Number(slider.min) !== legal.min || Number(slider.max) !== legal.max || slider.dataset.d !== String(t.d)) {
      slider.min = amount.min = legal.min; slider.max = amount.max = legal.max;
      slider.value = amount.value = legal.min; slider.dataset.d = String(t.d);
    }
    const word = Number(amount.value) >= legal.max ? "All-in" : legal.w === "bet" ? "Bet" : "Raise to";
    $("raise").textContent = `${word} ${amount.value}`;
  }
}

// ------------------------------------------------------------ actions
function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}

function act(action, amount) {
  const t = state.turn;
  if (!t || t.s !== state.me) return;
  const message = { type: "act", action, decision: t.d };
  if (amount !== undefined) message.amount = amount;
  send(message);
}

function potFraction(frac) {
  // As holdem.abstraction: call first, then raise by the fraction of the pot
  // after the call (rounded down), clamped to the legal range.
  const h = state.hand, legal = state.turn.legal;
  if (frac === "all") return legal.max;
  const currentBet = (h.bets[state.me] || 0) + legal.call;
  const afterCall = h.pot + legal.call;    // every chip in the middle once I call
  const to = currentBet + Math.floor(Number(frac) * afterCall);
  return Math.max(legal.min, Math.min(legal.max, to));
}

function setAmount(value) {
  $("slider").value = value; $("amount").value = value; drawControls();
}

$("fold").onclick = () => act("fold");
$("check").onclick = () => act(state.turn.legal.check ? "check" : "call");
$("raise").onclick = () => {
  const legal = state.turn.legal;
  act(legal.w, Math.max(legal.min, Math.min(legal.max, Math.round(Number($("amount").value)))));
};
$("slider").oninput = (e) => setAmount(e.target.value);
$("amount").onchange = (e) => setAmount(e.target.value);
for (const b of document.querySelectorAll(".shortcuts button")) {
  b.onclick = () => setAmount(potFraction(b.dataset.frac));
}
$("sit-form").onsubmit = (e) => {
  e.preventDefault();
  send({ type: "sit", name: $("name").value.trim() });
};
$("back").onclick = () => send({ type: "back" });
$("leave").onclick = () => {
  send({ type: "leave" });
  state.me = null; localStorage.removeItem(tokenKey());
  $("message").textContent = "You leave the table after this hand.";
  draw();
};
$("table-select").onchange = (e) => { location.search = `?table=${e.target.value}`; };

// ------------------------------------------------------------ connection
function onMessage(event) {
  const m = JSON.parse(event.data);
  if (m.type === "welcome") {
    state.size = m.settings.size; state.settings = m.settings;
    state.seats = m.seats.map((s) => (s ? { ...s } : null));
    if (m.seat !== null) state.me = m.seat;
    $("blinds").textContent = `No-limit hold'em ${m.settings.small_blind}/${m.settings.big_blind}`;
    const select = $("table-select");
    if (select.options.length !== m.tables) {
      select.replaceChildren(...Array.from({ length: m.tables }, (_, i) => new Option(`#${i + 1}`, i)));
    }
    select.value = state.table;
    state.joinClock = { d: m.decision, left: m.clock_left, at: Date.now() };
    fixDeadline();
  } else if (m.type === "seated") {
    state.me = m.seat;
    localStorage.setItem(tokenKey(), m.token);
    $("message").textContent = "Seated — you are dealt in from the next hand.";
  } else if (m.type === "events") {
    if (m.reset) { state.hand = null; state.turn = null; }
    for (const e of m.events) { apply(e); state.last = e.n; }
    fixDeadline();
  } else if (m.type === "error") {
    $("message").textContent = m.message;
  }
  draw();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${proto}://${location.host}/ws`);
  state.socket = socket;
  socket.onopen = () => {
    state.retry = 0;
    $("status").textContent = "connected"; $("status").className = "status ok";
    const join = { type: "join", table: state.table, after: state.last };
    const token = localStorage.getItem(tokenKey());
    if (token) join.token = token;
    socket.send(JSON.stringify(join));
  };
  socket.onmessage = onMessage;
  socket.onclose = () => {
    $("status").textContent = "reconnecting…"; $("status").className = "status bad";
    state.retry = Math.min(state.retry + 1, 5);
    setTimeout(connect, 500 * state.retry);
  };
}

setInterval(drawClock, 250);
draw();
connect();
