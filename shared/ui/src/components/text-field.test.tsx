import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { TextField } from './text-field';

describe('TextField', () => {
  it('associates the label with the input', async () => {
    const user = userEvent.setup();
    render(<TextField label="Email" type="email" name="email" />);

    const input = screen.getByLabelText('Email');
    expect(input).toBe(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(input, 'a@b.c');
    expect(input).toHaveValue('a@b.c');
  });

  it('is not invalid and has no description without an error or hint', () => {
    render(<TextField label="Email" />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).toBeValid();
  });

  it('announces the error with the field and marks it invalid', () => {
    render(<TextField label="Email" error="Enter a valid email address" />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Enter a valid email address');
  });

  it('announces hint and error together', () => {
    render(
      <TextField label="Password" type="text" hint="At least 8 characters" error="Too short" />,
    );

    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveAccessibleDescription(
      'At least 8 characters Too short',
    );
  });

  it('gives two fields different ids', () => {
    render(
      <>
        <TextField label="Email" error="Bad email" />
        <TextField label="Coupon" error="Bad coupon" />
      </>,
    );

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Bad email');
    expect(screen.getByRole('textbox', { name: 'Coupon' })).toHaveAccessibleDescription(
      'Bad coupon',
    );
  });
});

describe('Button', () => {
  it('is a type=button that can be pressed', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Pay</Button>);

    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('when busy is disabled, aria-busy and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button busy onClick={onClick}>
        Pay
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
