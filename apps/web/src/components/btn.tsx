/**
 * A button that exists only for users holding its code (spec 000 §6):
 *     <Btn code="kjkm_xz" type="primary" onClick={add}>新增科目</Btn>
 * For anything that is not a plain button use useHasButton(code) from features/session/session-context.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import type { ButtonCode } from '@dzy/domain/routes/index';
import { useHasButton } from '../features/session/session-context';

export interface BtnProps extends ButtonProps {
  code: ButtonCode | string;
}

export function Btn({ code, ...props }: BtnProps) {
  return useHasButton(code) ? <Button data-button-code={code} {...props} /> : null;
}

/** Renders its children only when the user holds the code. */
export function IfButton({ code, children }: { code: ButtonCode | string; children: ReactNode }) {
  return useHasButton(code) ? <>{children}</> : null;
}
