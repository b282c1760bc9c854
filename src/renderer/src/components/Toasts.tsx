import { CircleAlert, Info, X } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Button, Text, UNSTABLE_Toast as Toast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastQueue as ToastQueue, UNSTABLE_ToastRegion as ToastRegion } from 'react-aria-components';
import type { StatusMessage } from '../state/store-types';
import { syncStatusToasts } from '../state/status-toasts';
import { useWorkspaceStore } from '../state/use-store';

/**
 * The status message as a react-aria toast (issue 17, item 2), bottom right above the status
 * bar: a region named "Messages" holding one toast (an alert, so it is announced) with the
 * message, its action button when it has one ("Undo delete") and "Dismiss the message".
 * Information closes itself after a while; an error or a message with an action stays.
 */
export function StatusToasts() {
  const store = useWorkspaceStore();
  const queue = useMemo(() => new ToastQueue<StatusMessage>({ maxVisibleToasts: 1 }), []);
  useEffect(() => syncStatusToasts(store, queue), [store, queue]);
  return (
    <ToastRegion queue={queue} aria-label="Messages" className="toast-region">
      {({ toast }) => {
        const { text, error, action } = toast.content;
        const Icon = error ? CircleAlert : Info;
        return (
          <Toast toast={toast} className={`toast ${error ? 'toast-error' : 'toast-info'}`}>
            <Icon size={16} aria-hidden="true" className="toast-icon" />
            <ToastContent className="toast-content">
              <Text slot="title">{text}</Text>
            </ToastContent>
            {action && (
              <Button
                className="button-secondary toast-action"
                onPress={() => {
                  queue.close(toast.key);
                  action.run();
                }}
              >
                {action.label}
              </Button>
            )}
            <Button slot="close" className="icon-button" aria-label="Dismiss the message">
              <X size={14} aria-hidden="true" />
            </Button>
          </Toast>
        );
      }}
    </ToastRegion>
  );
}
