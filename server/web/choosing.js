// A choice being made on the board: a square whose options were picked
// (`selected`), or the options a click left to choose between
// (`narrowTo`). It reads the options' squares from the GameState and
// touches no page: play.js draws what it says.

export class Choosing {
  constructor() {
    this.selected = null;
    this.narrowTo = null;
  }

  clear() {
    this.selected = null;
    this.narrowTo = null;
  }

  /**
   * A click on `square`. Says what follows: {act: option}, the one option
   * the click chose; {narrowed: true}, several were left to pick from the
   * list; {show: true}, the square is to be described (and the choice
   * shown again unless `idle`, when there was nothing to choose).
   */
  click(square, game) {
    if (!game.options.length) return { show: true, idle: true };
    const geo = placed(game);
    if (this.selected) {
      const chosen = geo.filter((g) => g.from === this.selected && g.to === square && g.to !== g.from);
      if (chosen.length === 1) return { act: chosen[0].option };
      if (chosen.length > 1) {
        this.narrowTo = chosen.map((g) => g.option);
        return { narrowed: true };
      }
    }
    if (geo.some((g) => g.from === square)) {
      this.selected = this.selected === square ? null : square;
      this.narrowTo = null;
    } else {
      const here = geo.filter((g) => !g.from && g.to === square);
      this.selected = null;
      this.narrowTo = here.length ? here.map((g) => g.option) : null;
      if (here.length === 1) return { act: here[0].option };
    }
    return { show: true };
  }

  /**
   * What the board marks: the squares options start from (none once one is
   * selected) and where the choice may go.
   */
  marks(game) {
    const geo = placed(game);
    const sources = new Set(geo.map((g) => g.from).filter(Boolean));
    const targets = new Set();
    if (this.selected) for (const g of geo) if (g.from === this.selected && g.to && g.to !== g.from) targets.add(g.to);
    if (this.narrowTo) {
      for (const o of this.narrowTo) {
        const g = game.squaresOf(o);
        if (g.to) targets.add(g.to);
      }
    } else if (!this.selected) {
      // Choices that start on no square (placing a piece from off the
      // board, building): where they go.
      for (const g of geo) if (!g.from && g.to) targets.add(g.to);
    }
    return { sources: this.selected ? null : sources, targets };
  }

  /** The options the list shows, all or those the board narrowed to, and its heading. */
  listed(game) {
    const { options } = game;
    if (this.narrowTo) return { shown: this.narrowTo, head: `Choose (${this.narrowTo.length} of ${options.length})` };
    if (this.selected) {
      const shown = placed(game)
        .filter((g) => g.from === this.selected)
        .map((g) => g.option);
      return { shown, head: `From ${this.selected} (${shown.length} of ${options.length})` };
    }
    return { shown: options, head: game.seatDecides() ? `Your options (${options.length})` : "Options" };
  }

  /** Whether only some options are shown. */
  narrowed() {
    return !!(this.selected || this.narrowTo);
  }
}

/** Each option with the squares it starts from and goes to. */
function placed(game) {
  return game.options.map((option) => ({ option, ...game.squaresOf(option) }));
}
