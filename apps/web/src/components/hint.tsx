import type { TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import {
  type PointerEvent,
  type PointerEventHandler,
  type ReactElement,
  type Ref,
  Suspense,
  cloneElement,
  useRef,
  useState,
} from 'react';
import { lazyOrNothing } from '../lib/lazy-panel';

type HintTarget = ReactElement<{
  ref?: Ref<HTMLElement>;
  onPointerEnter?: PointerEventHandler<HTMLElement>;
  onPointerLeave?: PointerEventHandler<HTMLElement>;
}>;

/**
 * Mantine's Tooltip, with floating-ui under it, loaded when a mouse first comes over an element
 * that has a hint, not with every screen (issue 21). Should it not arrive, there is no tooltip.
 */
const Tooltip = lazyOrNothing(() => import('./hint-tooltip').then((m) => m.HintTooltip));

export type HintProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened' | 'events'> & {
  /** The element the hint names: one element that takes a ref (a Mantine component, a button). */
  children: HintTarget;
};

/**
 * A tooltip that costs nothing until a mouse first rests on its element (issue 21). Mantine's
 * Tooltip mounts a portal and floating-ui's positioning with its element, and both set state as
 * they mount: the header's seven took 42–121 ms of the till's start at 4× CPU (profiles of three
 * loads), for tooltips that show only under a mouse. A hint renders its element alone, and
 * Mantine's Tooltip beside it, pointing at it, once a mouse or a pen has come over it; then it
 * shows while one is over it, as Mantine's does by default (not on touch, not on focus: the
 * elements that have a hint carry the same words as their accessible name).
 */
export function Hint({ children, ...tooltip }: HintProps) {
  const target = useRef<HTMLElement>(null);
  const ref = useMergedRef(target, children.props.ref);
  // null until a mouse first comes over the element: no tooltip mounted before
  const [opened, setOpened] = useState<boolean | null>(null);
  const { onPointerEnter, onPointerLeave } = children.props;
  const element = cloneElement(children, {
    ref,
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      onPointerEnter?.(e);
      if (e.pointerType !== 'touch') setOpened(true);
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      onPointerLeave?.(e);
      setOpened((was) => (was === null ? null : false));
    },
  });
  return (
    <>
      {element}
      {opened !== null && (
        <Suspense fallback={null}>
          <Tooltip {...tooltip} target={target} opened={opened} />
        </Suspense>
      )}
    </>
  );
}
