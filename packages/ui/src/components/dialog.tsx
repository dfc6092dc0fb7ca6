import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { registerOpenDialog } from './dialog-stack.ts';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  className?: string;
  /** Controls that belong beside the title (a favourite's heart), before the close button. */
  titleActions?: ReactNode;
}

/** A modal dialog: focus trapped, Escape and the close button dismiss it, the title labels it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  titleActions,
}: DialogProps) {
  const { t } = useTranslation('common');
  const contentRef = useRef<HTMLDivElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });
  // Registered once per opening (not per render), so the stack keeps the order the dialogs opened in.
  useEffect(() => {
    if (!open) return;
    return registerOpenDialog({
      close: () => onOpenChangeRef.current(false),
      element: () => contentRef.current,
    });
  }, [open]);
  // A dialog that has never been opened is not mounted at all: Radix's closed Presence still dispatches to
  // its reducer in a layout effect, which forces a synchronous second render of the whole page in the task
  // of its first commit. Once opened it stays mounted, so closing keeps its animation.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          ref={contentRef}
          className={[styles.content, className].filter(Boolean).join(' ')}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <div className={styles.titleActions}>
              {titleActions}
              <RadixDialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t('actions.close')}>
                  <span aria-hidden="true">✕</span>
                </Button>
              </RadixDialog.Close>
            </div>
          </div>
          {description && (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A dialog's row of actions (Cancel, Submit): it stays in view at the dialog's bottom while the rest
 * scrolls, and toasts show above it rather than over it.
 */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className={styles.footer} data-dialog-footer="">
      {children}
    </div>
  );
}
