import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a polite status with a German label', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen …');
  });
  it('takes a label and a full-page mode', () => {
    render(<Spinner label="Data loading ..." fullPage />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Data loading ...');
    expect(status).toHaveClass('sui-spinner--full');
  });
});
