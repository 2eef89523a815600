// The demo marketplace: who teaches and what. Plain data so other steps (accounts, purchases) can find
// the demo people by their stable emails.
import type { Category } from '#common/catalog/categories.ts';

export interface DemoPerson {
  email: string;
  name: string;
  phone: string;
}

export const DEMO_CREATORS = {
  wanjiru: { email: 'creator@darasa.test', name: 'Wanjiru Kamau', phone: '+254712000001' },
  amina: { email: 'amina@darasa.test', name: 'Amina Hassan', phone: '+254722000002' },
} satisfies Record<string, DemoPerson>;

export interface DemoCourse {
  title: string;
  description: string;
  category: Category;
  /** Whole KES; 0 is a free course. */
  price: number;
  creator: keyof typeof DEMO_CREATORS;
  featured?: boolean;
  /** Gradient of the thumbnail and trailer. */
  colors: [string, string];
  /** 3 to 5 episodes, in order. */
  episodes: string[];
  /** "What you will learn" and "Requirements" on the course page (most demo courses leave them empty). */
  outcomes?: string[];
  requirements?: string[];
}

/** Oldest first: the last one is the newest and becomes the landing page's hero. */
export const DEMO_COURSES: DemoCourse[] = [
  {
    title: 'Bookkeeping with M-Pesa for Small Businesses',
    description:
      'Keep clean books for your duka or kibanda using M-Pesa statements, a notebook and a free spreadsheet. Know your real profit every month and be ready for a loan.',
    category: 'business',
    price: 1500,
    creator: 'wanjiru',
    colors: ['#064e3b', '#10b981'],
    episodes: [
      'Why your M-Pesa statement is a ledger',
      'Separating business and personal money',
      'Monthly profit in 20 minutes',
      'Preparing for a SACCO loan',
    ],
    outcomes: [
      'Read your M-Pesa statement as a record of sales and costs',
      'Keep business and personal money apart',
      'Work out your real monthly profit',
      'Prepare the records a SACCO asks for before a loan',
    ],
    requirements: ['A phone with M-Pesa', 'A notebook, or a free spreadsheet app'],
  },
  {
    title: 'Kiswahili Spoken Word and Poetry',
    description:
      'Write and perform mashairi and spoken word in Kiswahili and Sheng. From rhyme and rhythm (vina na mizani) to owning the open-mic stage in Nairobi.',
    category: 'creative arts',
    price: 800,
    creator: 'amina',
    colors: ['#4c1d95', '#db2777'],
    episodes: ['Vina na mizani: the bones of a shairi', 'Finding your voice in Sheng', 'Performing without fear'],
    outcomes: ['Write a shairi with vina na mizani', 'Perform your own piece at an open mic'],
    requirements: ['Basic Kiswahili'],
  },
  {
    title: 'Build Web Apps with React: Nairobi Bootcamp',
    description:
      'A hands-on path from HTML to a working React app that sells products over M-Pesa. Built for the 3G phones and data budgets your users actually have.',
    category: 'technology',
    price: 3500,
    creator: 'wanjiru',
    featured: true,
    colors: ['#0c4a6e', '#22d3ee'],
    episodes: [
      'Set up on any laptop',
      'Components and props',
      'State and forms',
      'Fetching data on slow networks',
      'Ship it for free',
    ],
  },
  {
    title: 'Healthy Kenyan Meals on a Budget',
    description:
      'Plan a week of balanced meals from the local market for under KES 2,000: githeri, sukuma, ndengu and more, with a nutritionist from Kisumu.',
    category: 'health',
    price: 1000,
    creator: 'amina',
    colors: ['#365314', '#a3e635'],
    episodes: ['Reading a plate: the food groups', 'Shopping at the mama mboga', 'Batch cooking for the week'],
  },
  {
    title: 'Starting a Mitumba Business',
    description:
      'Buy bales at Gikomba, sort by grade, price for profit and sell on Instagram and WhatsApp. Real numbers from traders who started with KES 20,000.',
    category: 'business',
    price: 1200,
    creator: 'wanjiru',
    colors: ['#7c2d12', '#f59e0b'],
    episodes: [
      'Choosing your first bale',
      'Grading and pricing',
      'Selling online with WhatsApp Business',
      'Growing to a stall',
    ],
  },
  {
    title: 'Afrobeats and Gengetone Production',
    description:
      'Produce a full track on a laptop: drums, log drum bass, chords and vocals. Learn the grooves behind Afrobeats, Amapiano and Gengetone and mix for phone speakers.',
    category: 'creative arts',
    price: 1800,
    creator: 'amina',
    colors: ['#581c87', '#f97316'],
    episodes: ['The Afrobeats groove', 'Log drums and bass', 'Recording vocals at home', 'Mixing for phone speakers'],
  },
  {
    title: 'Android Apps with Kotlin for Kenyan Startups',
    description:
      'Build an offline-first Android app in Kotlin that syncs when data is cheap, sends SMS receipts and runs smoothly on entry-level phones.',
    category: 'technology',
    price: 3000,
    creator: 'wanjiru',
    colors: ['#14532d', '#84cc16'],
    episodes: [
      'Kotlin in one afternoon',
      'Layouts that fit small screens',
      'Offline-first storage',
      'Sync when data is cheap',
    ],
  },
  {
    title: 'Home Workouts: No Gym, No Problem',
    description:
      'Twenty-minute routines for a small room with no equipment, from beginner to strong. Build a habit that survives a busy week and a long matatu commute.',
    category: 'health',
    price: 0,
    creator: 'amina',
    featured: true,
    colors: ['#7f1d1d', '#f43f5e'],
    episodes: ['Warm up and move well', 'Strength with body weight', 'Cardio in a small room'],
  },
  {
    title: 'KCSE Mathematics Revision',
    description:
      'Revise Paper 1 and Paper 2 topic by topic with worked past-paper questions, exam timing tips and the mistakes examiners see every year.',
    category: 'education',
    price: 500,
    creator: 'wanjiru',
    colors: ['#1e3a8a', '#60a5fa'],
    episodes: ['Algebra and quadratics', 'Geometry and mensuration', 'Statistics and probability', 'Exam strategy'],
  },
  {
    title: 'Pitching to Investors: Idea to Seed Round',
    description:
      'Shape your startup story, build a lean financial model and pitch to angels and accelerators in Nairobi, Lagos and Kigali with confidence.',
    category: 'business',
    price: 2500,
    creator: 'wanjiru',
    colors: ['#1f2937', '#eab308'],
    episodes: [
      'The problem only you can solve',
      'A financial model investors trust',
      'The ten-slide deck',
      'Handling tough questions',
      'Closing the round',
    ],
  },
  {
    title: 'Kenyan Kitchen: Pilau, Chapati and Nyama Choma',
    description:
      'Cook the classics for family and friends: soft layered chapati, fragrant Swahili pilau and perfectly grilled nyama choma with kachumbari.',
    category: 'lifestyle',
    price: 700,
    creator: 'amina',
    colors: ['#78350f', '#fb923c'],
    episodes: ['Soft layered chapati', 'Swahili pilau', 'Nyama choma and kachumbari'],
  },
  {
    title: 'Data Analysis with Python and Kenya Open Data',
    description:
      'Clean, explore and chart real public datasets on counties, rainfall and markets with Python and pandas, and tell a story that decision makers act on.',
    category: 'technology',
    price: 2000,
    creator: 'wanjiru',
    featured: true,
    colors: ['#0f172a', '#38bdf8'],
    episodes: [
      'Python and notebooks',
      'Loading county data with pandas',
      'Charts that tell a story',
      'Your first analysis report',
    ],
    outcomes: [
      'Load and clean public data with pandas',
      'Chart county figures so they tell a story',
      'Write a short analysis report people act on',
    ],
    requirements: ['A laptop (phones cannot run the notebooks)', 'No programming needed before'],
  },
];
