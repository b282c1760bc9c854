import { ListLayout, Rect } from 'react-aria-components';
import type { LayoutInfo } from 'react-aria-components';

/** Rows laid out below the visible ones, beyond those in view (react-aria's own margin is a third of the view). */
export const MARGIN_ROWS = 2;

/**
 * The explorer's virtualized list layout: react-aria's `ListLayout`, but the rows laid out (and so
 * rendered) are those in view plus {@link MARGIN_ROWS}, not a third of the view more. Every row
 * the virtualizer renders costs about as much as the rest of a group toggle together, and rendering
 * stays synchronous while scrolling, so the extra third was a third more work on opening a group or
 * showing the explorer, for rows nobody sees. Asked about any other rectangle (a key's page up or
 * down, a point) it answers as `ListLayout` does.
 */
export class ExplorerLayout extends ListLayout<unknown> {
  override getVisibleLayoutInfos(rect: Rect): LayoutInfo[] {
    const view = this.virtualizer?.visibleRect;
    // The virtualizer's own request: its view from the same top, taller (scrolling up moves its top).
    if (view && rect.y === view.y && rect.x === view.x && rect.height > view.height) {
      rect = new Rect(rect.x, rect.y, rect.width, view.height + MARGIN_ROWS * (this.rowSize ?? 0));
    }
    return super.getVisibleLayoutInfos(rect);
  }
}
