/**
 * What scrolls into view (a focused word, a passage, find's match) stops below the viewer's dock:
 * the scrolling panel's top padding for scrolling follows the dock's height. The dock's ref
 * callback (its cleanup stands in for its call with null).
 */
export function keepBelowDock(element: HTMLDivElement | null) {
  let scroller = element?.parentElement;
  while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowY))
    scroller = scroller.parentElement;
  if (!element || !scroller) return;
  const panel = scroller;
  // A window too short for the dock lets it scroll with the text (viewer.css): then nothing
  // needs to stop below it.
  const observer = new ResizeObserver(() => {
    if (getComputedStyle(element).position === 'sticky')
      panel.style.setProperty('scroll-padding-top', `${element.offsetHeight + 8}px`);
    else panel.style.removeProperty('scroll-padding-top');
  });
  observer.observe(element);
  observer.observe(panel);
  return () => {
    observer.disconnect();
    panel.style.removeProperty('scroll-padding-top');
  };
}
