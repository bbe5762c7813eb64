import '@mantine/core/styles/ScrollArea.css';
import { ScrollArea, type ScrollAreaAutosizeProps } from '@mantine/core';

/**
 * A drawer's or modal's scroll area that scrolls up and down only: a wide table inside keeps its
 * own sideways scroll (Table.ScrollContainer) instead of widening the whole panel past a phone's
 * screen.
 */
export function VerticalScroll(props: ScrollAreaAutosizeProps) {
  // the content's min-width is min-content by default: the widest table would set the panel's width
  return <ScrollArea.Autosize {...props} scrollbars="y" styles={{ content: { minWidth: 0 } }} />;
}
