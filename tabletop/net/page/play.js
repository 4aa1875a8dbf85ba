// Playing the seat: a click, tap or drag chooses exactly what the desktop table would. The host works out,
// with the table's own rules, which legal actions each card, pile, zone and cell offers (ask.targets) and
// the probe that says why a click does nothing (ask.probes); here they are looked up, never guessed.
import { word } from "./words.js";
import { say, zoom, unzoom } from "./draw.js";

const MENU_ALL = 4;   // with this few choices, picking up a card also offers all of them in its menu
const DRAG_START = 6; // pixels a held pointer moves before a press becomes a drag

const key = (zone, item, cell) => `${zone}\u0001${cell ? -1 : item}\u0001${cell || ""}`;
const sameCards = (a, b) => a.length === b.length && [...a].sort().join("\u0001") === [...b].sort().join("\u0001");

/** Where a press or click landed: the card, pile, zone or cell under it. */
function targetOf(node) {
  const hit = node && node.closest ? node.closest("[data-zone]") : null;
  if (!hit || !hit.dataset.zone) return null;
  return { zone: hit.dataset.zone, item: Number(hit.dataset.item ?? -1), cell: hit.dataset.cell || "",
           card: hit.dataset.card || null, node: hit };
}

export class Play {
  constructor(page, send, redraw) {
    this.page = page;
    this.send = send;
    this.redraw = redraw;
    this.askWhy = () => {};
    this.selected = [];
    this.carry = null;
    this.press = null;
    this.pending = false;
    this.swallow = false;
    this.indexed = null;
    const table = document.getElementById("table");
    table.addEventListener("click", (e) => this.click(e));
    table.addEventListener("pointerdown", (e) => this.down(e));
    window.addEventListener("pointermove", (e) => this.move(e));
    window.addEventListener("pointerup", (e) => this.up(e));
    table.addEventListener("contextmenu", (e) => this.longPress(e));
    document.getElementById("zoom").addEventListener("click", () => unzoom());
    document.getElementById("menu").addEventListener("click", (e) => this.menuClick(e));
    document.getElementById("show-rules").addEventListener("click", () => document.getElementById("rules-dialog").showModal());
    document.getElementById("show-notes").addEventListener("click", () => document.getElementById("notes-dialog").showModal());
    document.getElementById("notes-dialog").addEventListener("close", () => this.note());
  }

  reset() {
    this.selected = [];
    this.carry = null;
    this.press = null;
    this.pending = false;
    this.indexed = null;
    this.closeMenu();
  }

  /** The current ask's lookups, built once per ask. */
  index() {
    const ask = this.page.ask;
    if (!ask) return null;
    if (!this.indexed || this.indexed.ask !== ask) {
      const targets = new Map(ask.targets.map(([z, i, c, acts]) => [key(z, i, c), acts]));
      const probes = new Map(ask.probes.map(([z, i, c, act]) => [key(z, i, c), act]));
      const selectable = new Set(ask.selection ? ask.selection.cards : []);
      this.indexed = { ask, targets, probes, selectable };
    }
    return this.indexed;
  }

  acts(t) {
    const index = this.index();
    return index ? index.targets.get(key(t.zone, t.item, t.cell)) || [] : [];
  }

  legal(i) {
    return this.page.ask.legal[i];
  }

  isSelecting(zone) {
    const ask = this.page.ask;
    return Boolean(ask && ask.selection && ask.selection.zone === zone);
  }

  /** Mark a drawn card, pile or zone: usable now, selected, dimmed, a place the carried card may go. */
  mark(node, zone, item, thing) {
    const index = this.index();
    if (!index) return;
    const t = { zone: zone.id, item, cell: "" };
    const usable = this.isSelecting(zone.id) && typeof thing === "string"
      ? index.selectable.has(thing) : this.acts(t).length > 0;
    if (usable) node.classList.add("can");
    if (this.isSelecting(zone.id) && this.selected.includes(item)) node.classList.add("sel");
    if (!usable && item >= 0 && zone.hint === "fan" && zone.owner === this.page.seat) node.classList.add("dim");
    if (this.carry) {
      if (item < 0 && this.destinations().has(zone.id) && !zone.cells.length) node.classList.add("drop");
      if (this.carry.zone === zone.id && this.carry.item === item) node.classList.add("carried");
    }
  }

  markCell(node, zone, cell) {
    if (!this.index()) return;
    if (this.acts({ zone: zone.id, item: -1, cell }).length) node.classList.add("can");
    if (this.carry && this.carry.acts.some((i) => this.legal(i).act.to === zone.id && this.legal(i).act.cell === cell)) {
      node.classList.add("drop");
    }
  }

  destinations() {
    return new Set(this.carry ? this.carry.acts.map((i) => this.legal(i).act.to) : []);
  }

  /** The buttons under the table: the seat's buttons, and with a selection its quick choices and Confirm. */
  renderActions(box) {
    box.replaceChildren();
    const ask = this.page.ask;
    if (!ask) return;
    const add = (label, onClick, cls = "") => {
      const button = Object.assign(document.createElement("button"), { type: "button", className: cls });
      button.textContent = label;
      button.addEventListener("click", onClick);
      box.append(button);
      return button;
    };
    const quick = ask.selection ? ask.selection.quick : [];
    for (const i of [...ask.buttons, ...quick]) add(this.legal(i).label, () => this.choose(i), "act");
    if (!ask.selection) return;
    const matches = this.matches();
    if (matches.length > 1) {
      const words = matches.map((i) => this.legal(i).word).map((w) => w.charAt(0).toUpperCase() + w.slice(1));
      add(words.join(" / ") + "...", (e) => this.openMenu(matches, e.target), "confirm");
    } else if (matches.length === 1) {
      add(this.legal(matches[0]).label, () => this.choose(matches[0]), "confirm");
    } else {
      const button = add(word("confirm"), () => {}, "confirm");
      button.disabled = true;
      const hint = document.createElement("span");
      hint.className = "hint";
      hint.textContent = this.hint || (this.selected.length ? word("noMatch") : word("selectCards"));
      box.append(hint);
    }
  }

  selectedCards() {
    const zone = this.page.table.zones.find((z) => z.id === this.page.ask.selection.zone);
    return zone ? this.selected.filter((i) => i < zone.items.length).sort((a, b) => a - b).map((i) => zone.items[i][0]) : [];
  }

  matches() {
    const cards = this.selectedCards();
    return this.page.ask.selection.acts.filter((i) => sameCards(this.legal(i).cards, cards));
  }

  /** Ask the host why the selection matches nothing (the kind used with as many cards, else any). */
  explainSelection() {
    this.hint = "";
    const cards = this.selectedCards();
    if (!cards.length || this.matches().length) return;
    const acts = this.page.ask.selection.acts.map((i) => this.legal(i)).filter((a) => a.cards.length);
    const kind = (acts.find((a) => a.cards.length === cards.length) || acts[0] || {}).kind;
    if (!kind) return;
    const zone = this.page.ask.selection.zone;
    const probe = { kind, cards };
    if (zone !== `hand:${this.page.seat}`) probe.zone = zone;
    const asked = this.selected.slice();
    this.askWhy(probe, (reason) => {
      if (this.page.ask && sameCards(asked.map(String), this.selected.map(String))) {
        this.hint = reason;
        this.redraw();
      }
    });
  }

  choose(i) {
    const ask = this.page.ask;
    if (!ask || this.pending) return;
    this.closeMenu();
    this.carry = null;
    this.pending = this.send({ t: "act", move: ask.move, action: this.legal(i).act });
    this.redraw();
  }

  refuse(probe) {
    if (!probe) {
      say(word("notAllowed", { reason: word("nothingThere") }));
      return;
    }
    this.askWhy(probe, (reason) => say(word("notAllowed", { reason: reason || word("nothingThere") })));
  }

  /** A click on a card, pile, zone or cell: choose, select, pick up, open a menu, or say why not. */
  clickTarget(t) {
    const page = this.page;
    const ask = page.ask;
    if (!ask) {
      if (t.card) zoom(page, t.card);
      if (page.table && !page.over) say(word("notYourTurn", { status: page.table.status }));
      return;
    }
    if (this.isSelecting(t.zone) && t.card) {
      if (this.index().selectable.has(t.card)) {
        const at = this.selected.indexOf(t.item);
        if (at >= 0) this.selected.splice(at, 1); else this.selected.push(t.item);
        this.explainSelection();
      } else {
        say(word("notAllowed", { reason: word("noCardUse", { card: page.cards[t.card].label }) }));
      }
      this.redraw();
      return;
    }
    const acts = this.acts(t);
    const moving = acts.filter((i) => this.legal(i).act.to);
    if (acts.length === 1) {
      this.choose(acts[0]);
    } else if (moving.length) {
      this.carry = { zone: t.zone, item: t.item, acts: moving };
      this.redraw();
      const rest = acts.filter((i) => !moving.includes(i) || acts.length <= MENU_ALL);
      if (rest.length) this.openMenu(rest, this.nodeFor(t));
    } else if (acts.length) {
      this.openMenu(acts, this.nodeFor(t));
    } else {
      if (t.card) zoom(page, t.card);
      this.refuse(this.index().probes.get(key(t.zone, t.item, t.cell)));
    }
  }

  nodeFor(t) {
    const cell = t.cell ? `[data-cell="${CSS.escape(t.cell)}"]` : `[data-item="${t.item}"]`;
    return document.querySelector(`[data-zone="${CSS.escape(t.zone)}"]${cell}`);
  }

  click(e) {
    if (this.swallow) {
      this.swallow = false;
      return;
    }
    const t = targetOf(e.target);
    if (this.carry) { // the second click of a click-then-click move: on where it goes
      const carry = this.carry;
      this.carry = null;
      this.closeMenu();
      const landed = t ? this.dropOn(carry, t) : false;
      this.redraw();
      if (landed || !t || (t.zone === carry.zone && t.item === carry.item)) return;
    }
    if (t) this.clickTarget(t);
  }

  /** Drop carried cards on `t` (a zone, a card in it, a cell, a seat's head); return whether it was a place. */
  dropOn(carry, t) {
    const acts = carry.acts.filter((i) => this.legal(i).act.to === t.zone && (!t.cell || this.legal(i).act.cell === t.cell));
    const places = new Set(carry.acts.map((i) => this.legal(i).act.to));
    if (!places.has(t.zone)) return false;
    if (acts.length === 1) this.choose(acts[0]);
    else if (acts.length) this.openMenu(acts, t.node);
    else {
      const first = this.legal(carry.acts[0]).act;
      this.refuse({ ...first, to: t.zone, ...(t.cell ? { cell: t.cell } : {}) });
    }
    return true;
  }

  down(e) {
    if (e.button !== 0 || !this.page.ask || this.carry) return;
    const t = targetOf(e.target);
    if (!t || t.cell) return;
    const moving = this.acts(t).filter((i) => this.legal(i).act.to);
    if (moving.length) this.press = { t, acts: moving, x: e.clientX, y: e.clientY, dragging: false };
  }

  move(e) {
    const press = this.press;
    if (!press) return;
    const ghost = document.getElementById("ghost");
    if (!press.dragging) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_START) return;
      press.dragging = true;
      this.carry = { zone: press.t.zone, item: press.t.item, acts: press.acts };
      ghost.replaceChildren(press.t.node.cloneNode(true));
      ghost.hidden = false;
      this.redraw();
    }
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
  }

  up(e) {
    const press = this.press;
    this.press = null;
    if (!press || !press.dragging) return;
    document.getElementById("ghost").hidden = true;
    const carry = this.carry;
    this.carry = null;
    this.swallow = true;
    setTimeout(() => { this.swallow = false; }, 0);
    let node = document.elementFromPoint(e.clientX, e.clientY);
    let landed = false;
    while (node && !landed) {
      const t = targetOf(node);
      if (!t) break;
      landed = this.dropOn(carry, t);
      node = t.node.parentElement;
    }
    if (!landed) {
      const t = targetOf(document.elementFromPoint(e.clientX, e.clientY));
      if (t && t.zone !== carry.zone) this.refuse({ ...this.legal(carry.acts[0]).act, to: t.zone });
    }
    this.redraw();
  }

  longPress(e) {
    const t = targetOf(e.target);
    if (t && t.card) {
      e.preventDefault();
      zoom(this.page, t.card);
    }
  }

  openMenu(acts, anchor) {
    const menu = document.getElementById("menu");
    menu.replaceChildren();
    const title = document.createElement("div");
    title.className = "menu-title";
    title.textContent = word("choose");
    menu.append(title);
    for (const i of acts) {
      const button = Object.assign(document.createElement("button"), { type: "button" });
      button.dataset.act = String(i);
      button.textContent = this.legal(i).label;
      menu.append(button);
    }
    const cancel = Object.assign(document.createElement("button"), { type: "button", className: "cancel" });
    cancel.textContent = word("cancel");
    menu.append(cancel);
    menu.hidden = false;
    const box = anchor ? anchor.getBoundingClientRect() : { left: innerWidth / 2, bottom: innerHeight / 2, top: 0 };
    const width = menu.offsetWidth;
    const height = menu.offsetHeight;
    const left = Math.max(4, Math.min(innerWidth - width - 4, box.left));
    const below = box.bottom + 4;
    menu.style.left = `${left}px`;
    menu.style.top = `${below + height < innerHeight ? below : Math.max(4, box.top - height - 4)}px`;
  }

  menuClick(e) {
    const button = e.target.closest("button");
    if (!button) return;
    if (button.dataset.act !== undefined) this.choose(Number(button.dataset.act));
    else {
      this.closeMenu();
      this.carry = null;
      this.redraw();
    }
  }

  closeMenu() {
    document.getElementById("menu").hidden = true;
  }

  /** Send the note typed in the notes box (at the move now, with the seat to move). */
  note() {
    const dialog = document.getElementById("notes-dialog");
    const box = document.getElementById("note-text");
    const text = box.value.trim();
    if (dialog.returnValue !== "add" || !text) return;
    const table = this.page.table;
    const seat = table && table.to_move !== null ? table.to_move : null;
    if (this.send({ t: "note", move: this.page.moves, seat, text: text.slice(0, 2000) })) {
      box.value = "";
      say(word("noteSaved"));
    }
  }
}
