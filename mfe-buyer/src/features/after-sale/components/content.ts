/** Spec part 2 §2: the buyer's eight after-sale advice groups. */
export const ADVICE_GROUPS = [
  {
    title: 'Create a transition plan',
    points: ['Agree the training and introduction period with the seller.', 'Write down your first 30, 60 and 90 days.'],
  },
  {
    title: 'Review finances and legal matters',
    points: ['Confirm bank accounts, merchant services and payroll are in your name.', 'Transfer licenses, permits and insurance policies.'],
  },
  {
    title: 'Retain your employees',
    points: ['Meet the team early and explain what stays the same.', 'Keep key people with clear roles and fair pay.'],
  },
  {
    title: 'Keep customer and supplier relationships',
    points: ['Introduce yourself to major customers with the seller.', 'Confirm terms with your main suppliers.'],
  },
  {
    title: 'Learn and improve the systems',
    points: ['Learn how orders, inventory and books are kept before changing them.', 'Document the processes you inherit.'],
  },
  {
    title: 'Plan the long-term strategy',
    points: ['Set goals for growth once the business runs smoothly.', 'Review results monthly against your plan.'],
  },
  {
    title: 'Use professional support',
    points: ['Keep an accountant and an attorney who know small businesses.', 'Ask your broker for local resources.'],
  },
  {
    title: 'Take care of yourself',
    points: ['Ownership is demanding: plan rest and time with family.', 'Find other owners to share experience with.'],
  },
] as const;
