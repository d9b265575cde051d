export interface NavLeaf {
  label: string;
  to: string;
}
export interface NavItem {
  label: string;
  to: string;
  /** Path prefix that marks the item active. */
  match: string;
  children?: NavLeaf[];
}

export const MAIN_MENU: NavItem[] = [
  { label: 'HOME', to: '/', match: '/' },
  { label: 'ABOUT', to: '/about', match: '/about' },
  {
    label: 'SELLING',
    to: '/selling/your-business',
    match: '/selling',
    children: [
      { label: 'Your Business', to: '/selling/your-business' },
      { label: 'FAQs', to: '/selling/faqs' },
    ],
  },
  {
    label: 'BUYING',
    to: '/buying/business',
    match: '/buying',
    children: [
      { label: 'Buy a Business', to: '/buying/business' },
      { label: 'FAQs', to: '/buying/faqs' },
      { label: 'Non Disclosure Agreement', to: '/buying/nda' },
    ],
  },
  { label: 'BLOG', to: '/blog', match: '/blog' },
  { label: 'CONTACT', to: '/contact', match: '/contact' },
];

/** Spec: the active item is underlined by path prefix. HOME is active only on "/". */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.match === '/') return pathname === '/';
  if (item.match === '/buying' && pathname === '/nda') return true;
  return pathname === item.match || pathname.startsWith(item.match + '/');
}
