// Drawing the seat's table from the host's view: the same zones the desktop table lays out (own hand at
// the bottom, other seats' hands as backs with counts, piles at the side, rows and boards in the middle),
// the status line, scores, side-panel rows and the log. Every text is set as text, never as markup.
import { word } from "./words.js";

const $ = (id) => document.getElementById(id);

/** A new element with a class and a text (set as text). */
export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** The seat's name as the table shows it. */
export function seatName(page, seat) {
  return page.names[seat] || word("seatN", { n: seat + 1 });
}

/** Show `text` for a moment (a reason, a popup, a note sent). */
export function say(text) {
  const toast = $("toast");
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { toast.hidden = true; }, 4000);
}

/** Show a lasting line over the table (the connection lost, the game ended), with a button if given. */
export function banner(text, label, onClick) {
  const box = $("banner");
  box.replaceChildren(el("span", "", text));
  if (label) {
    const button = el("button", "", label);
    button.type = "button";
    button.addEventListener("click", onClick);
    box.append(button);
  }
  box.hidden = false;
}

export function hideBanner() {
  $("banner").hidden = true;
}

/** Ask for a code (no code in the link, or a wrong one). */
export function showCodeForm(code, join) {
  const form = $("code-form");
  $("code-label").textContent = word("codePrompt");
  $("code-join").textContent = word("join");
  $("code-input").value = code;
  form.hidden = false;
  form.onsubmit = (e) => {
    e.preventDefault();
    const typed = $("code-input").value;
    if (typed.trim()) {
      form.hidden = true;
      join(typed);
    }
  };
}

/** The page's modal box `name` (`#name-dialog`), made on first use with the element `makeBody()` returns
 * between its heading and its buttons: sets its `title` and its buttons, one per [value, label] (the
 * button `#name-value`), each closing it with its value as the dialog's returnValue. */
export function dialog(name, title, buttons, makeBody) {
  let box = $(`${name}-dialog`);
  if (!box) {
    box = el("dialog");
    box.id = `${name}-dialog`;
    const form = el("form");
    form.method = "dialog";
    form.append(el("h2"), makeBody(), el("menu"));
    box.append(form);
    document.body.append(box);
  }
  box.querySelector("h2").textContent = title;
  box.querySelector("menu").replaceChildren(...buttons.map(([value, label]) => {
    const button = el("button", "", label);
    button.type = "submit";
    button.value = value;
    button.id = `${name}-${value}`;
    return button;
  }));
  return box;
}

/** Set the page's fixed texts and the game's title and rules. */
export function setupChrome(page) {
  $("title").textContent = page.game.title || word("title");
  document.title = `${page.game.title || ""} · tabletop`;
  $("log-title").textContent = word("log");
  dialog("notes", word("notes"), [["add", word("addNote")], ["close", word("close")]],
         () => Object.assign(el("textarea"), { id: "note-text", maxLength: 2000, rows: 5 }));
  $("note-text").placeholder = word("notePlaceholder");
  dialog("rules", word("rules"), [["close", word("close")]], () => Object.assign(el("pre"), { id: "rules-text" }));
  $("rules-text").textContent = page.game.rules || "";
  const rules = $("show-rules");
  rules.textContent = word("rules");
  rules.hidden = !page.game.rules;
  const notes = $("show-notes");
  notes.textContent = word("notes");
  notes.hidden = !page.welcomed;
}

/** Draw the log: every line so far, the newest in view. */
export function renderLog(page) {
  const log = $("log");
  const shown = log.children.length;
  if (shown > page.log.length || (shown && log.children[shown - 1].textContent !== page.log[shown - 1])) {
    log.replaceChildren();
  }
  for (const line of page.log.slice(log.children.length)) log.append(el("li", "", line));
  log.parentElement.scrollTop = log.parentElement.scrollHeight;
}

/** Return a card (a face, its art, or a back when `id` is null), marked as a target of zone and item. */
function cardNode(page, id, zone, item, size) {
  const node = el("div", `card ${size}`);
  node.dataset.zone = zone;
  node.dataset.item = String(item);
  const face = id === null ? null : page.cards[id];
  if (!face) {
    node.classList.add("back");
    if (page.back) node.append(Object.assign(el("img"), { src: page.back, alt: "", draggable: false }));
    return node;
  }
  node.dataset.card = id;
  node.title = face.text ? `${face.name}\n${face.text}` : face.name;
  if (face.red) node.classList.add("red");
  if (face.art) {
    const picture = Object.assign(el("img"), { src: face.art, alt: face.name, draggable: false });
    // A picture the host could not make (an unreadable file, a broken faces file): the face is drawn instead.
    picture.addEventListener("error", () => { picture.remove(); drawFace(node, face, size); }, { once: true });
    node.append(picture);
    return node;
  }
  drawFace(node, face, size);
  return node;
}

function drawFace(node, face, size) {
  node.classList.add("drawn");
  node.append(el("span", "corner", face.label));
  // A playing card's corner (Q♥) says its name; any other card's name is written under its corner.
  if (face.name !== face.label && !(face.rank && face.suit)) node.append(el("span", "name", face.name));
  if (face.text && size !== "small") node.append(el("span", "text", face.text));
}

function piece(thing) {
  const node = el("span", `piece seat-${thing.seat ?? "none"}`, thing.label);
  node.title = thing.piece;
  return node;
}

function itemNode(page, zone, item, index, size, play) {
  const [thing, seat, note] = item;
  const node = thing !== null && typeof thing === "object" ? piece(thing) : cardNode(page, thing, zone.id, index, size);
  node.dataset.zone = zone.id;
  node.dataset.item = String(index);
  play.mark(node, zone, index, thing);
  const caption = zone.hint === "spread" && seat >= 0 ? word("seatN", { n: seat + 1 }) : zone.hint !== "fan" ? note : "";
  if (!caption) return node;
  // A caption goes under its card, never over it.
  const holder = el("div", `item ${size}`);
  holder.append(node, el("span", "caption", caption));
  return holder;
}

function countText(n) {
  return word(n === 1 ? "card" : "cards", { n });
}

function boardNode(zone, play) {
  const board = el("div", `board ${zone.hint}`);
  const cells = new Map(zone.cells.map((c) => [c.id, c]));
  const rows = zone.layout.length ? zone.layout : [zone.cells.map((c) => c.id)];
  rows.forEach((row, r) => {
    const line = el("div", `cells${zone.hint === "hex" && r % 2 ? " shifted" : ""}`);
    for (const id of row) {
      const cell = id === null ? null : cells.get(id);
      if (!cell) {
        line.append(el("span", "cell blank"));
        continue;
      }
      const node = el("button", `cell seat-${cell.seat ?? "none"}`, cell.label || "");
      node.type = "button";
      node.dataset.zone = zone.id;
      node.dataset.cell = cell.id;
      node.title = cell.label || cell.id;
      for (const p of cell.pieces) node.append(piece(p));
      play.markCell(node, zone, cell.id);
      line.append(node);
    }
    board.append(line);
  });
  return board;
}

/** Return a zone with its label and contents (`size`: how big its cards are drawn). */
function zoneNode(page, zone, size, play) {
  const hidden = zone.items.length > 0 && zone.items.every((item) => item[0] === null);
  const node = el("div", `zone ${zone.hint}${hidden ? " hidden" : ""}`);
  node.dataset.zone = zone.id;
  node.dataset.item = "-1";
  play.mark(node, zone, -1, null);
  const label = el("div", "label", zone.label);
  if (zone.vis !== "everyone" || zone.hint === "stack" || zone.hint === "fan") {
    label.append(el("span", "count", zone.count ? countText(zone.count) : word("empty")));
  }
  node.append(label);
  if (zone.cells.length) {
    node.append(boardNode(zone, play));
    return node;
  }
  const holder = el("div", "items");
  if (zone.hint === "stack") {
    const top = zone.items.length - 1;
    if (top >= 0) holder.append(itemNode(page, zone, zone.items[top], top, size, play));
    else holder.append(el("div", `card ${size} slot`));
  } else if (zone.hint === "fan" && zone.owner !== page.seat && zone.items.every((item) => item[0] === null)) {
    // Another seat's hidden hand: one back stands for it (its count is in the label).
    if (zone.items.length) holder.append(itemNode(page, zone, zone.items[0], 0, size, play));
  } else {
    zone.items.forEach((item, i) => holder.append(itemNode(page, zone, item, i, size, play)));
    if (!zone.items.length) holder.append(el("div", `card ${size} slot`));
  }
  node.append(holder);
  if (zone.hint === "fan") requestAnimationFrame(() => fitFan(holder));
  return node;
}

function seatHead(page, seat, hand, play) {
  const t = page.table;
  const head = el("div", "seat-head");
  if (hand) {
    head.dataset.zone = hand.id;
    head.dataset.item = "-1";
    play.mark(head, hand, -1, null);
  }
  const you = seat === page.seat ? ` (${word("you")})` : "";
  head.append(el("span", "who", seatName(page, seat) + you));
  for (const badge of (t.badges[seat] || [])) head.append(el("span", "badge", badge));
  if (t.scores.length > seat) head.append(el("span", "score", t.scores[seat]));
  const presence = page.presence[seat];
  if (presence && presence !== "here" && presence !== "local") head.append(el("span", "away", word(presence)));
  if (t.to_move === seat) head.classList.add("to-move");
  return head;
}

/** Overlap a fan's cards just enough to fit its room (each keeps its corner in view). */
function fitFan(row) {
  const cards = [...row.children].filter((c) => c.classList.contains("card"));
  if (cards.length < 2) return;
  const width = cards[0].getBoundingClientRect().width;
  const panel = row.closest(".seat-panel");
  const room = panel ? Math.min(row.clientWidth, panel.parentElement.clientWidth - 40) : row.clientWidth;
  const need = cards.length * (width + 4);
  const overlap = need > room ? (need - room) / (cards.length - 1) + 4 : 0;
  // A little overlap fans the cards, each card's corner in view (its other text hidden: none lies under a
  // card); more would cover a corner, so they wrap onto more rows instead (a phone's narrow screen).
  const corner = Math.max(16, ...cards.map((c) => {
    const label = c.querySelector(".corner");
    if (!label) return 16;
    const range = document.createRange();
    range.selectNodeContents(label);
    return range.getBoundingClientRect().width + 8;
  }));
  const wrap = overlap > width - corner;
  cards.slice(1).forEach((c) => { c.style.marginLeft = overlap && !wrap ? `-${overlap}px` : ""; });
  row.classList.toggle("tight", overlap > 0 && !wrap);
  row.classList.toggle("wrap", wrap);
}

/** Draw the whole table from the page's state. */
export function render(page, play) {
  const t = page.table;
  const status = $("status");
  status.classList.toggle("turn", Boolean(page.ask));
  status.textContent = t ? t.status : page.welcomed ? "" : word("joining");
  if (!t) return;
  const me = page.seat;
  const mine = (z) => me >= 0 && z.owner === me;
  const hand = t.zones.find((z) => z.hint === "fan" && mine(z));
  const others = $("others");
  others.replaceChildren();
  for (let seat = 0; seat < t.players; seat += 1) {
    if (seat === me) continue;
    const panel = el("div", "seat-panel");
    const zones = t.zones.filter((z) => z.owner === seat);
    const theirs = zones.find((z) => z.hint === "fan");
    panel.append(seatHead(page, seat, theirs, play));
    const line = el("div", "seat-zones");
    for (const zone of zones) line.append(zoneNode(page, zone, "small", play));
    panel.append(line);
    others.append(panel);
  }
  const piles = $("piles");
  const rows = $("rows");
  piles.replaceChildren();
  rows.replaceChildren();
  for (const zone of t.zones.filter((z) => z.owner === null)) {
    (zone.hint === "stack" ? piles : rows).append(zoneNode(page, zone, zone.cells.length ? "board" : "table", play));
  }
  const mineBox = $("mine");
  mineBox.replaceChildren();
  for (const zone of t.zones.filter((z) => mine(z) && z !== hand)) mineBox.append(zoneNode(page, zone, "table", play));
  mineBox.hidden = !mineBox.children.length;
  const handBox = $("hand");
  handBox.replaceChildren();
  if (me >= 0) {
    handBox.append(seatHead(page, me, hand, play));
    if (hand) {
      handBox.append(zoneNode(page, hand, "big", play));
    }
  } else {
    handBox.append(el("div", "seat-head", word("spectator")));
  }
  renderLast(page);
  renderSide(page);
  play.renderActions($("actions"));
}

function renderLast(page) {
  const box = $("last");
  box.replaceChildren();
  if (page.over) {
    box.append(el("h2", "", word("gameOver")));
    const list = el("ol", "ranks");
    const order = page.over.ranks.map((rank, seat) => [rank, seat]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [rank, seat] of order) {
      list.append(el("li", rank === 1 ? "first" : "",
        `${word("place", { rank })} ${seatName(page, seat)}: ${page.over.scores[seat]}`));
    }
    box.append(list);
  } else if (page.last) {
    box.append(el("div", "label", page.last.line || word("lastMoves")));
    const cards = el("div", "items");
    for (const move of page.last.moves) {
      for (const id of move.cards) cards.append(cardNode(page, id, "", -1, "small"));
      for (let i = 0; i < move.backs; i += 1) cards.append(cardNode(page, null, "", -1, "small"));
    }
    box.append(cards);
  }
  box.hidden = !box.children.length;
}

function renderSide(page) {
  const t = page.table;
  const perSeat = t.info.filter((row) => row.per_seat.length);
  const table = $("scores");
  table.replaceChildren();
  const head = el("tr");
  head.append(el("th", "", ""), el("th", "", word("scores")));
  for (const row of perSeat) head.append(el("th", "", row.label));
  table.append(head);
  for (let seat = 0; seat < t.players; seat += 1) {
    const line = el("tr", t.to_move === seat ? "to-move" : "");
    line.append(el("td", "", seatName(page, seat) + (seat === page.seat ? ` (${word("you")})` : "")));
    line.append(el("td", "num", t.scores.length > seat ? t.scores[seat] : ""));
    for (const row of perSeat) line.append(el("td", "", row.per_seat[seat] ?? ""));
    table.append(line);
  }
  const info = $("info");
  info.replaceChildren();
  for (const row of t.info.filter((r) => !r.per_seat.length)) {
    info.append(el("p", "", row.label ? `${row.label}: ${row.text}` : row.text));
  }
}

/** Show a card large with its name and text (hover, right-click, long-press, or a tap that plays nothing). */
export function zoom(page, id) {
  const box = $("zoom");
  const face = page.cards[id];
  if (!face) return;
  box.replaceChildren();
  const big = cardNode(page, id, "", -1, "zoomed");
  box.append(big, el("div", "zoom-name", face.name));
  if (face.text) box.append(el("div", "zoom-text", face.text));
  for (const [key, value] of face.fields) box.append(el("div", "zoom-field", `${key}: ${value}`));
  box.hidden = false;
}

export function unzoom() {
  $("zoom").hidden = true;
}
