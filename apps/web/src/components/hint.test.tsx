import { ActionIcon, MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Hint } from './hint';

// jsdom has no PointerEvent: fireEvent would make a plain Event, without its pointerType
if (!('PointerEvent' in window)) {
  class JsdomPointerEvent extends MouseEvent {
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? '';
    }
  }
  Object.assign(window, { PointerEvent: JsdomPointerEvent });
}

function renderHint(onPointerEnter = vi.fn()) {
  const ref = createRef<HTMLButtonElement>();
  render(
    <MantineProvider>
      {/* jsdom lays nothing out: to floating-ui every element is hidden */}
      <Hint label="Open the settings" hideDetached={false}>
        <ActionIcon ref={ref} aria-label="Settings" onPointerEnter={onPointerEnter}>
          ⚙
        </ActionIcon>
      </Hint>
    </MantineProvider>,
  );
  return { button: screen.getByRole('button', { name: 'Settings' }), ref, onPointerEnter };
}

const pointer = (type: 'pointerEnter' | 'pointerLeave', el: Element, pointerType: string) =>
  act(() => {
    fireEvent[type](el, { pointerType });
  });

describe('a hint (issue 21)', () => {
  it('mounts no tooltip, portal or positioning with its element', () => {
    const { button, ref } = renderHint();
    expect(ref.current).toBe(button);
    expect(document.querySelector('[data-portal]')).toBeNull();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows under a mouse, hides when it leaves, and shows again', async () => {
    const { button, onPointerEnter } = renderHint();
    pointer('pointerEnter', button, 'mouse');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open the settings');
    // the element's own handler still runs
    expect(onPointerEnter).toHaveBeenCalledTimes(1);
    pointer('pointerLeave', button, 'mouse');
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    pointer('pointerEnter', button, 'mouse');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open the settings');
  });

  it('does not show on touch, as Mantine’s tooltip does not', () => {
    const { button } = renderHint();
    pointer('pointerEnter', button, 'touch');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.querySelector('.mantine-Tooltip-tooltip')).toBeNull();
  });
});
