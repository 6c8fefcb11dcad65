import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abmelden
      </button>
      <ConfirmDialog
        open={open}
        title="AUSLOGGEN"
        message="Abmelden bestätigen?"
        confirmLabel="JA"
        cancelLabel="NEIN"
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Abmelden' }));
  return user;
}

describe('ConfirmDialog', () => {
  it('shows title, question and both answers, focusing NEIN', async () => {
    await openDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'AUSLOGGEN' });
    expect(dialog).toHaveAccessibleDescription('Abmelden bestätigen?');
    expect(screen.getByRole('button', { name: 'NEIN' })).toHaveFocus();
  });

  it('closes on NEIN and gives focus back', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'NEIN' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes on a click outside but not on a click inside', async () => {
    const user = await openDialog();
    await user.click(screen.getByText('Abmelden bestätigen?'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('traps the focus', async () => {
    const user = await openDialog();
    await user.tab();
    expect(screen.getByRole('button', { name: 'JA' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'NEIN' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'JA' })).toHaveFocus();
  });

  it('JA confirms', async () => {
    const onConfirm = jest.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    await user.click(screen.getByRole('button', { name: 'JA' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
