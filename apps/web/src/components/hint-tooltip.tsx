import '@mantine/core/styles/Tooltip.css';
import { Tooltip, type TooltipProps } from '@mantine/core';

/** Mantine's Tooltip for hint.tsx, which loads it when first wanted. */
export function HintTooltip(props: TooltipProps) {
  return <Tooltip {...props} />;
}
