import type { IngredientUnit } from '@quan/contract/ingredient';

/**
 * What a Vietnamese restaurant sells and keeps, for the demo and the benchmarks: ingredients with their
 * units and costs, and categories of dishes with their recipes. Each category lists its classics first, so
 * a smaller restaurant (fewer dishes per category) keeps the dishes everyone expects.
 */

interface IngredientSpec {
  name: string;
  unit: IngredientUnit;
  /** VND per unit. */
  cost: number;
  supplier: string;
}

const MEAT = 'Lò mổ Bình Chánh';
const SEAFOOD = 'Vựa hải sản Cần Giờ';
const MARKET = 'Chợ đầu mối Bình Điền';
const FARM = 'Nông trại Đà Lạt Xanh';
const NOODLES = 'Lò bún Bà Hai';
const GROCER = 'Tạp hóa Minh Phát';
const DRINKS = 'Đại lý nước giải khát Phú Thịnh';
const KITCHEN = 'Bếp nhà hàng (tự nấu)';

export const ingredientCatalog = {
  beef: { name: 'Thịt bò', unit: 'kg', cost: 260_000, supplier: MEAT },
  beefBrisket: { name: 'Nạm bò', unit: 'kg', cost: 220_000, supplier: MEAT },
  beefBalls: { name: 'Bò viên', unit: 'kg', cost: 180_000, supplier: MEAT },
  pork: { name: 'Thịt heo nạc', unit: 'kg', cost: 130_000, supplier: MEAT },
  porkBelly: { name: 'Ba chỉ heo', unit: 'kg', cost: 150_000, supplier: MEAT },
  ribs: { name: 'Sườn heo', unit: 'kg', cost: 160_000, supplier: MEAT },
  chicken: { name: 'Thịt gà ta', unit: 'kg', cost: 120_000, supplier: MEAT },
  duck: { name: 'Thịt vịt', unit: 'kg', cost: 95_000, supplier: MEAT },
  goat: { name: 'Thịt dê', unit: 'kg', cost: 290_000, supplier: MEAT },
  porkRoll: { name: 'Chả lụa', unit: 'kg', cost: 180_000, supplier: MEAT },
  shrimp: { name: 'Tôm sú', unit: 'kg', cost: 320_000, supplier: SEAFOOD },
  squid: { name: 'Mực ống', unit: 'kg', cost: 240_000, supplier: SEAFOOD },
  crab: { name: 'Cua biển', unit: 'kg', cost: 450_000, supplier: SEAFOOD },
  fieldCrab: { name: 'Riêu cua đồng', unit: 'kg', cost: 160_000, supplier: SEAFOOD },
  fish: { name: 'Cá lóc', unit: 'kg', cost: 95_000, supplier: SEAFOOD },
  fishFillet: { name: 'Cá basa phi lê', unit: 'kg', cost: 75_000, supplier: SEAFOOD },
  clams: { name: 'Nghêu', unit: 'kg', cost: 45_000, supplier: SEAFOOD },
  snails: { name: 'Ốc hương', unit: 'kg', cost: 320_000, supplier: SEAFOOD },
  scallops: { name: 'Sò điệp', unit: 'kg', cost: 180_000, supplier: SEAFOOD },
  oysters: { name: 'Hàu sữa', unit: 'pcs', cost: 9_000, supplier: SEAFOOD },
  eel: { name: 'Lươn', unit: 'kg', cost: 260_000, supplier: SEAFOOD },
  frog: { name: 'Ếch', unit: 'kg', cost: 130_000, supplier: SEAFOOD },
  eggs: { name: 'Trứng gà', unit: 'pcs', cost: 3_500, supplier: MARKET },
  tofu: { name: 'Đậu hũ', unit: 'pcs', cost: 4_000, supplier: MARKET },
  beefBroth: { name: 'Nước dùng bò', unit: 'l', cost: 18_000, supplier: KITCHEN },
  chickenBroth: { name: 'Nước dùng gà', unit: 'l', cost: 15_000, supplier: KITCHEN },
  hotpotBroth: { name: 'Nước lẩu', unit: 'l', cost: 25_000, supplier: KITCHEN },
  phoNoodles: { name: 'Bánh phở', unit: 'kg', cost: 22_000, supplier: NOODLES },
  vermicelli: { name: 'Bún tươi', unit: 'kg', cost: 16_000, supplier: NOODLES },
  huTieu: { name: 'Hủ tiếu', unit: 'kg', cost: 32_000, supplier: NOODLES },
  eggNoodles: { name: 'Mì trứng', unit: 'kg', cost: 45_000, supplier: NOODLES },
  glassNoodles: { name: 'Miến dong', unit: 'kg', cost: 85_000, supplier: NOODLES },
  thickNoodles: { name: 'Bánh canh', unit: 'kg', cost: 26_000, supplier: NOODLES },
  ricePaper: { name: 'Bánh tráng', unit: 'pcs', cost: 600, supplier: NOODLES },
  rice: { name: 'Gạo tám thơm', unit: 'kg', cost: 24_000, supplier: GROCER },
  brokenRice: { name: 'Gạo tấm', unit: 'kg', cost: 19_000, supplier: GROCER },
  stickyRice: { name: 'Gạo nếp', unit: 'kg', cost: 32_000, supplier: GROCER },
  batter: { name: 'Bột bánh xèo', unit: 'kg', cost: 38_000, supplier: GROCER },
  herbs: { name: 'Rau thơm các loại', unit: 'kg', cost: 45_000, supplier: FARM },
  greenOnion: { name: 'Hành lá', unit: 'g', cost: 60, supplier: FARM },
  beanSprouts: { name: 'Giá đỗ', unit: 'kg', cost: 16_000, supplier: MARKET },
  morningGlory: { name: 'Rau muống', unit: 'kg', cost: 22_000, supplier: FARM },
  bokChoy: { name: 'Cải thìa', unit: 'kg', cost: 28_000, supplier: FARM },
  squashFlowers: { name: 'Bông bí', unit: 'kg', cost: 70_000, supplier: FARM },
  mushrooms: { name: 'Nấm các loại', unit: 'kg', cost: 95_000, supplier: FARM },
  tomatoes: { name: 'Cà chua', unit: 'kg', cost: 26_000, supplier: FARM },
  onions: { name: 'Hành tây', unit: 'kg', cost: 22_000, supplier: FARM },
  garlic: { name: 'Tỏi', unit: 'g', cost: 70, supplier: MARKET },
  lemongrass: { name: 'Sả', unit: 'kg', cost: 22_000, supplier: MARKET },
  chili: { name: 'Ớt', unit: 'g', cost: 60, supplier: MARKET },
  limes: { name: 'Chanh', unit: 'kg', cost: 30_000, supplier: MARKET },
  greenPapaya: { name: 'Đu đủ xanh', unit: 'kg', cost: 18_000, supplier: MARKET },
  lotusStems: { name: 'Ngó sen', unit: 'kg', cost: 130_000, supplier: FARM },
  cabbage: { name: 'Bắp cải', unit: 'kg', cost: 16_000, supplier: FARM },
  sweetPotatoes: { name: 'Khoai lang', unit: 'kg', cost: 26_000, supplier: FARM },
  greenBeans: { name: 'Đậu que', unit: 'kg', cost: 30_000, supplier: FARM },
  bambooShoots: { name: 'Măng tươi', unit: 'kg', cost: 35_000, supplier: MARKET },
  fishSauce: { name: 'Nước mắm', unit: 'l', cost: 70_000, supplier: GROCER },
  cookingOil: { name: 'Dầu ăn', unit: 'l', cost: 48_000, supplier: GROCER },
  sugar: { name: 'Đường', unit: 'kg', cost: 24_000, supplier: GROCER },
  coconutMilk: { name: 'Nước cốt dừa', unit: 'ml', cost: 90, supplier: GROCER },
  condensedMilk: { name: 'Sữa đặc', unit: 'ml', cost: 70, supplier: GROCER },
  freshMilk: { name: 'Sữa tươi', unit: 'ml', cost: 35, supplier: GROCER },
  coffee: { name: 'Cà phê rang xay', unit: 'g', cost: 320, supplier: GROCER },
  tea: { name: 'Trà', unit: 'g', cost: 400, supplier: GROCER },
  ice: { name: 'Đá viên', unit: 'kg', cost: 2_500, supplier: DRINKS },
  mungBeans: { name: 'Đậu xanh', unit: 'kg', cost: 42_000, supplier: GROCER },
  tapiocaPearls: { name: 'Trân châu', unit: 'kg', cost: 60_000, supplier: GROCER },
  jelly: { name: 'Thạch rau câu', unit: 'kg', cost: 50_000, supplier: GROCER },
  avocados: { name: 'Bơ', unit: 'kg', cost: 55_000, supplier: FARM },
  mangoes: { name: 'Xoài', unit: 'kg', cost: 45_000, supplier: MARKET },
  strawberries: { name: 'Dâu tây', unit: 'kg', cost: 160_000, supplier: FARM },
  oranges: { name: 'Cam', unit: 'kg', cost: 38_000, supplier: MARKET },
  watermelon: { name: 'Dưa hấu', unit: 'kg', cost: 16_000, supplier: MARKET },
  coconuts: { name: 'Dừa tươi', unit: 'pcs', cost: 16_000, supplier: MARKET },
  sugarcane: { name: 'Mía cây', unit: 'kg', cost: 9_000, supplier: MARKET },
  passionFruit: { name: 'Chanh dây', unit: 'kg', cost: 50_000, supplier: MARKET },
  soursop: { name: 'Mãng cầu xiêm', unit: 'kg', cost: 70_000, supplier: MARKET },
  bananas: { name: 'Chuối', unit: 'kg', cost: 20_000, supplier: MARKET },
  carrots: { name: 'Cà rốt', unit: 'kg', cost: 20_000, supplier: FARM },
  pennywort: { name: 'Rau má', unit: 'kg', cost: 40_000, supplier: FARM },
  yogurt: { name: 'Sữa chua', unit: 'pcs', cost: 7_000, supplier: GROCER },
  saigonBeer: { name: 'Bia Sài Gòn (chai)', unit: 'pcs', cost: 14_000, supplier: DRINKS },
  beer333: { name: 'Bia 333 (lon)', unit: 'pcs', cost: 12_500, supplier: DRINKS },
  tigerBeer: { name: 'Bia Tiger (chai)', unit: 'pcs', cost: 18_000, supplier: DRINKS },
  heineken: { name: 'Bia Heineken (chai)', unit: 'pcs', cost: 22_000, supplier: DRINKS },
  hanoiBeer: { name: 'Bia Hà Nội (lon)', unit: 'pcs', cost: 13_000, supplier: DRINKS },
  hudaBeer: { name: 'Bia Huda (lon)', unit: 'pcs', cost: 13_000, supplier: DRINKS },
  larueBeer: { name: 'Bia Larue (chai)', unit: 'pcs', cost: 12_000, supplier: DRINKS },
  draftBeer: { name: 'Bia tươi', unit: 'l', cost: 35_000, supplier: DRINKS },
  cola: { name: 'Coca-Cola (lon)', unit: 'pcs', cost: 8_000, supplier: DRINKS },
  pepsi: { name: 'Pepsi (lon)', unit: 'pcs', cost: 8_000, supplier: DRINKS },
  lemonSoda: { name: '7Up (lon)', unit: 'pcs', cost: 8_000, supplier: DRINKS },
  water: { name: 'Nước suối (chai)', unit: 'pcs', cost: 4_000, supplier: DRINKS },
  soda: { name: 'Soda (lon)', unit: 'pcs', cost: 7_000, supplier: DRINKS },
  redWine: { name: 'Rượu vang đỏ', unit: 'ml', cost: 350, supplier: DRINKS },
  riceWine: { name: 'Rượu nếp', unit: 'ml', cost: 120, supplier: DRINKS },
} satisfies Record<string, IngredientSpec>;

export type IngredientKey = keyof typeof ingredientCatalog;
/** One portion's use of an ingredient, in the ingredient's unit. */
export type RecipeSpec = [IngredientKey, number][];

export interface DishSpec {
  name: string;
  /** Whole VND. */
  price: number;
  recipe: RecipeSpec;
  description?: string;
  /** What diners whose page is in English read instead of the name and description. */
  nameEn?: string;
  descriptionEn?: string;
}

/**
 * The option groups a category's dishes offer (demo/generate/option-groups.ts): a size for noodle soups, the
 * usual requests for savoury food, extras with rice; ice and sugar only for the dishes whose recipe holds them.
 */
export type DemoGroupKey = 'size' | 'requests' | 'riceExtras' | 'ice' | 'sugar';

export interface CategorySpec {
  name: string;
  /** What diners whose page is in English read instead of the name. */
  nameEn: string;
  description: string;
  optionGroups: DemoGroupKey[];
  color: string;
  /** Place on the menu. */
  sortOrder: number;
  /** Drinks go with the food: an order's later lines are often one of these. */
  isDrinks?: boolean;
  dishes: DishSpec[];
}

const dish = (name: string, thousands: number, recipe: RecipeSpec, description?: string): DishSpec => ({
  name,
  price: thousands * 1000,
  recipe,
  ...(description ? { description } : {}),
});
/** A classic the demo also names in English, so a phone set to English shows how that reads. */
const inEnglish = (spec: DishSpec, nameEn: string, descriptionEn?: string): DishSpec => ({
  ...spec,
  nameEn,
  ...(descriptionEn ? { descriptionEn } : {}),
});

// Shared parts of recipes.
const phoBowl: RecipeSpec = [
  ['phoNoodles', 0.2],
  ['beefBroth', 0.5],
  ['herbs', 0.03],
  ['greenOnion', 10],
  ['beanSprouts', 0.05],
  ['limes', 0.02],
];
const chickenPhoBowl: RecipeSpec = [
  ['phoNoodles', 0.2],
  ['chickenBroth', 0.5],
  ['herbs', 0.03],
  ['greenOnion', 10],
  ['limes', 0.02],
];
const bunBowl: RecipeSpec = [
  ['vermicelli', 0.2],
  ['herbs', 0.04],
  ['greenOnion', 8],
];
const ricePlate: RecipeSpec = [
  ['rice', 0.15],
  ['fishSauce', 0.01],
];
const grill: RecipeSpec = [
  ['lemongrass', 0.02],
  ['garlic', 5],
  ['cookingOil', 0.01],
  ['herbs', 0.03],
];
const stirFry: RecipeSpec = [
  ['garlic', 8],
  ['cookingOil', 0.02],
  ['fishSauce', 0.01],
];
const hotpot = (size: 'small' | 'large'): RecipeSpec => {
  const k = size === 'small' ? 1 : 1.8;
  return [
    ['hotpotBroth', 1.5 * k],
    ['vermicelli', 0.3 * k],
    ['morningGlory', 0.2 * k],
    ['mushrooms', 0.1 * k],
    ['herbs', 0.05 * k],
  ];
};
const coffeeCup: RecipeSpec = [
  ['coffee', 25],
  ['ice', 0.15],
];
const teaCup: RecipeSpec = [
  ['tea', 4],
  ['ice', 0.2],
];
const smoothie = (fruit: IngredientKey): RecipeSpec => [
  [fruit, 0.2],
  ['condensedMilk', 30],
  ['ice', 0.15],
];
const juice = (fruit: IngredientKey, kilos = 0.35): RecipeSpec => [
  [fruit, kilos],
  ['ice', 0.1],
];

/** Every category this generator knows, in the order a smaller restaurant drops them (the last first). */
export const menuCatalog: CategorySpec[] = [
  {
    name: 'Phở & Bún',
    nameEn: 'Noodle soups',
    optionGroups: ['size', 'requests'],
    description: 'Phở, bún, hủ tiếu, mì: các món nước',
    color: '#dc2626',
    sortOrder: 2,
    dishes: [
      inEnglish(
        dish('Phở bò tái', 65, [...phoBowl, ['beef', 0.12]], 'Nước dùng xương bò hầm 12 tiếng, thịt bò tái mềm'),
        'Rare beef pho',
        'Beef bone broth simmered for 12 hours, with tender rare beef',
      ),
      inEnglish(
        dish('Bún chả Hà Nội', 65, [...bunBowl, ['porkBelly', 0.1], ['pork', 0.08], ['fishSauce', 0.03]]),
        'Hanoi grilled pork with rice noodles',
      ),
      inEnglish(dish('Phở gà', 60, [...chickenPhoBowl, ['chicken', 0.15]]), 'Chicken pho'),
      inEnglish(
        dish('Bún bò Huế', 70, [...bunBowl, ['beefBroth', 0.5], ['beefBrisket', 0.1], ['porkRoll', 0.03]]),
        'Huế spicy beef noodle soup',
      ),
      dish('Phở bò đặc biệt', 85, [...phoBowl, ['beef', 0.08], ['beefBrisket', 0.06], ['beefBalls', 0.05]]),
      dish('Hủ tiếu Nam Vang', 65, [
        ['huTieu', 0.18],
        ['chickenBroth', 0.5],
        ['shrimp', 0.04],
        ['pork', 0.05],
        ['greenOnion', 8],
      ]),
      dish('Bún riêu cua', 60, [...bunBowl, ['fieldCrab', 0.08], ['tomatoes', 0.05], ['tofu', 1]]),
      dish('Phở bò tái nạm', 70, [...phoBowl, ['beef', 0.07], ['beefBrisket', 0.06]]),
      dish('Bún thịt nướng', 60, [...bunBowl, ...grill, ['pork', 0.12], ['fishSauce', 0.03]]),
      dish('Mì Quảng gà', 65, [
        ['eggNoodles', 0.15],
        ['chickenBroth', 0.3],
        ['chicken', 0.12],
        ['eggs', 1],
        ['herbs', 0.03],
      ]),
      dish('Phở bò viên', 60, [...phoBowl, ['beefBalls', 0.12]]),
      dish('Bánh canh cua', 75, [
        ['thickNoodles', 0.2],
        ['chickenBroth', 0.5],
        ['crab', 0.08],
        ['greenOnion', 8],
      ]),
      dish('Bún mọc', 55, [...bunBowl, ['chickenBroth', 0.5], ['pork', 0.1], ['mushrooms', 0.02]]),
      dish('Phở bò chín', 65, [...phoBowl, ['beefBrisket', 0.12]]),
      dish('Bún cá', 60, [...bunBowl, ['chickenBroth', 0.4], ['fishFillet', 0.12], ['tomatoes', 0.04]]),
      dish('Miến gà', 60, [
        ['glassNoodles', 0.1],
        ['chickenBroth', 0.5],
        ['chicken', 0.12],
        ['greenOnion', 8],
      ]),
      dish('Phở bò sốt vang', 75, [...phoBowl, ['beefBrisket', 0.15], ['redWine', 20], ['carrots', 0.05]]),
      dish('Bún đậu mắm tôm', 65, [
        ['vermicelli', 0.2],
        ['tofu', 2],
        ['porkBelly', 0.08],
        ['herbs', 0.05],
      ]),
      dish('Hủ tiếu bò kho', 70, [
        ['huTieu', 0.18],
        ['beefBrisket', 0.15],
        ['carrots', 0.05],
        ['lemongrass', 0.01],
      ]),
      dish('Mì Quảng tôm thịt', 65, [
        ['eggNoodles', 0.15],
        ['chickenBroth', 0.3],
        ['shrimp', 0.05],
        ['pork', 0.06],
        ['herbs', 0.03],
      ]),
      dish('Bún ốc', 60, [...bunBowl, ['snails', 0.08], ['tomatoes', 0.05]]),
      dish('Miến lươn', 75, [
        ['glassNoodles', 0.1],
        ['chickenBroth', 0.4],
        ['eel', 0.1],
        ['greenOnion', 8],
      ]),
      dish('Bánh canh chả cá', 60, [
        ['thickNoodles', 0.2],
        ['chickenBroth', 0.5],
        ['fishFillet', 0.1],
      ]),
      dish('Bún măng vịt', 70, [...bunBowl, ['duck', 0.18], ['bambooShoots', 0.08]]),
      dish('Phở cuốn', 65, [
        ['phoNoodles', 0.15],
        ['beef', 0.1],
        ['herbs', 0.05],
        ['fishSauce', 0.02],
      ]),
      dish('Mì vằn thắn', 60, [
        ['eggNoodles', 0.15],
        ['chickenBroth', 0.45],
        ['pork', 0.08],
        ['shrimp', 0.03],
      ]),
      dish('Bún chả giò thịt nướng', 65, [...bunBowl, ...grill, ['pork', 0.1], ['ricePaper', 2]]),
      dish('Hủ tiếu xào bò', 70, [...stirFry, ['huTieu', 0.2], ['beef', 0.1], ['bokChoy', 0.05]]),
      dish('Phở xào bò', 75, [...stirFry, ['phoNoodles', 0.2], ['beef', 0.1], ['bokChoy', 0.05]]),
      dish('Cao lầu', 65, [
        ['eggNoodles', 0.15],
        ['pork', 0.1],
        ['herbs', 0.04],
        ['beanSprouts', 0.04],
      ]),
    ],
  },
  {
    name: 'Cơm',
    nameEn: 'Rice dishes',
    optionGroups: ['requests', 'riceExtras'],
    description: 'Cơm tấm, cơm gà, cơm chiên và cơm phần',
    color: '#ca8a04',
    sortOrder: 3,
    dishes: [
      inEnglish(
        dish('Cơm tấm sườn bì chả', 65, [
          ['brokenRice', 0.18],
          ...grill,
          ['ribs', 0.2],
          ['eggs', 1],
          ['porkRoll', 0.03],
        ]),
        'Broken rice with grilled pork chop',
        'With shredded pork skin and steamed egg meatloaf',
      ),
      dish('Cơm gà xối mỡ', 60, [...ricePlate, ['chicken', 0.22], ['cookingOil', 0.03], ['cabbage', 0.03]]),
      dish('Cơm chiên dương châu', 55, [...ricePlate, ['eggs', 1], ['porkRoll', 0.03], ['shrimp', 0.03]]),
      dish('Cơm bò lúc lắc', 95, [...ricePlate, ['beef', 0.18], ['onions', 0.05], ['tomatoes', 0.05]]),
      dish('Cơm tấm sườn nướng', 55, [['brokenRice', 0.18], ...grill, ['ribs', 0.2]]),
      dish('Cơm cá kho tộ', 65, [...ricePlate, ['fish', 0.2], ['sugar', 0.01], ['chili', 3]]),
      dish('Cơm thịt kho trứng', 60, [...ricePlate, ['porkBelly', 0.15], ['eggs', 1], ['coconuts', 0.2]]),
      dish('Cơm chiên hải sản', 75, [...ricePlate, ['eggs', 1], ['shrimp', 0.05], ['squid', 0.05]]),
      dish('Cơm gà Hải Nam', 65, [...ricePlate, ['chickenBroth', 0.1], ['chicken', 0.2], ['herbs', 0.02]]),
      dish('Cơm rang dưa bò', 70, [...ricePlate, ['beef', 0.12], ['cabbage', 0.05], ['eggs', 1]]),
      dish('Cơm sườn ram', 60, [...ricePlate, ['ribs', 0.2], ['sugar', 0.01], ['garlic', 5]]),
      dish('Cơm tấm sườn trứng', 60, [['brokenRice', 0.18], ...grill, ['ribs', 0.18], ['eggs', 1]]),
      dish('Cơm chiên cá mặn', 65, [...ricePlate, ['fishFillet', 0.06], ['eggs', 1], ['greenOnion', 10]]),
      dish('Cơm niêu cá kho', 89, [...ricePlate, ['fish', 0.25], ['sugar', 0.01], ['chili', 3]]),
      dish('Cơm gà nướng mật ong', 69, [...ricePlate, ...grill, ['chicken', 0.22], ['sugar', 0.01]]),
      dish('Cơm bò xào rau cải', 70, [...ricePlate, ...stirFry, ['beef', 0.12], ['bokChoy', 0.1]]),
      dish('Cơm sườn xào chua ngọt', 65, [...ricePlate, ['ribs', 0.2], ['tomatoes', 0.05], ['sugar', 0.01]]),
      dish('Cơm chiên trứng', 45, [...ricePlate, ['eggs', 2], ['greenOnion', 10]]),
      dish('Cơm vịt quay', 75, [...ricePlate, ['duck', 0.25], ['cabbage', 0.03]]),
      dish('Cơm trắng', 10, [['rice', 0.15]]),
    ],
  },
  {
    name: 'Đồ uống',
    nameEn: 'Coffee, tea & juices',
    optionGroups: ['ice', 'sugar'],
    description: 'Cà phê, trà, nước ép và sinh tố',
    color: '#7c3aed',
    sortOrder: 10,
    isDrinks: true,
    dishes: [
      inEnglish(dish('Trà đá', 5, teaCup), 'Iced tea'),
      inEnglish(
        dish('Cà phê sữa đá', 29, [...coffeeCup, ['condensedMilk', 35]], 'Cà phê phin Robusta với sữa đặc'),
        'Iced coffee with condensed milk',
        'Robusta coffee dripped through a phin, with condensed milk',
      ),
      dish('Nước chanh', 25, [
        ['limes', 0.08],
        ['sugar', 0.03],
        ['ice', 0.2],
      ]),
      dish('Cà phê đen đá', 25, [...coffeeCup, ['sugar', 0.01]]),
      dish('Trà đào cam sả', 45, [...teaCup, ['oranges', 0.08], ['lemongrass', 0.01], ['sugar', 0.02]]),
      dish('Nước mía', 20, juice('sugarcane', 0.6)),
      dish('Sinh tố bơ', 45, smoothie('avocados')),
      dish('Nước dừa tươi', 35, [['coconuts', 1]]),
      dish('Bạc xỉu', 32, [
        ['coffee', 12],
        ['freshMilk', 80],
        ['condensedMilk', 30],
        ['ice', 0.15],
      ]),
      dish('Nước cam', 40, juice('oranges', 0.4)),
      dish('Trà chanh', 20, [...teaCup, ['limes', 0.05], ['sugar', 0.02]]),
      dish('Sinh tố xoài', 45, smoothie('mangoes')),
      dish('Cà phê muối', 35, [...coffeeCup, ['condensedMilk', 25], ['freshMilk', 40]]),
      dish('Nước ép dưa hấu', 35, juice('watermelon', 0.5)),
      dish('Trà sữa trân châu', 39, [...teaCup, ['freshMilk', 100], ['tapiocaPearls', 0.05], ['sugar', 0.02]]),
      dish('Rau má đậu xanh', 30, [
        ['pennywort', 0.15],
        ['mungBeans', 0.03],
        ['coconutMilk', 30],
        ['ice', 0.15],
      ]),
      dish('Sinh tố dâu', 49, smoothie('strawberries')),
      dish('Cà phê trứng', 45, [
        ['coffee', 20],
        ['eggs', 1],
        ['condensedMilk', 30],
      ]),
      dish('Trà tắc', 20, [...teaCup, ['limes', 0.05], ['sugar', 0.02]]),
      dish('Nước ép cà rốt', 35, juice('carrots', 0.4)),
      dish('Chanh dây đá', 30, juice('passionFruit', 0.12)),
      dish('Sinh tố mãng cầu', 49, smoothie('soursop')),
      dish('Cà phê cốt dừa', 45, [...coffeeCup, ['coconutMilk', 60], ['condensedMilk', 20]]),
      dish('Trà gừng mật ong', 30, [
        ['tea', 4],
        ['sugar', 0.02],
      ]),
      dish('Sữa chua đá', 25, [
        ['yogurt', 1],
        ['ice', 0.1],
      ]),
      dish('Trà sen vàng', 45, [...teaCup, ['freshMilk', 50], ['sugar', 0.02]]),
      dish('Soda chanh', 30, [
        ['soda', 1],
        ['limes', 0.05],
        ['sugar', 0.02],
      ]),
      dish('Nước ép cam cà rốt', 39, [...juice('oranges', 0.25), ['carrots', 0.15]]),
      dish('Sinh tố chuối', 39, smoothie('bananas')),
    ],
  },
  {
    name: 'Khai vị',
    nameEn: 'Starters',
    optionGroups: ['requests'],
    description: 'Gỏi, cuốn và món chiên để bắt đầu bữa ăn',
    color: '#b45309',
    sortOrder: 1,
    dishes: [
      dish('Gỏi cuốn tôm thịt', 45, [
        ['ricePaper', 3],
        ['shrimp', 0.05],
        ['pork', 0.05],
        ['vermicelli', 0.05],
      ]),
      dish('Chả giò', 55, [
        ['ricePaper', 4],
        ['pork', 0.1],
        ['carrots', 0.03],
        ['cookingOil', 0.05],
      ]),
      dish('Bánh xèo', 65, [
        ['batter', 0.12],
        ['shrimp', 0.05],
        ['porkBelly', 0.05],
        ['beanSprouts', 0.05],
      ]),
      dish('Gỏi ngó sen tôm thịt', 85, [
        ['lotusStems', 0.15],
        ['shrimp', 0.06],
        ['pork', 0.05],
        ['herbs', 0.03],
      ]),
      dish('Nem nướng Nha Trang', 75, [['pork', 0.15], ['ricePaper', 4], ['herbs', 0.05], ...grill]),
      dish('Đậu hũ chiên sả', 45, [
        ['tofu', 3],
        ['lemongrass', 0.03],
        ['cookingOil', 0.05],
      ]),
      dish('Gỏi gà bắp cải', 79, [
        ['chicken', 0.15],
        ['cabbage', 0.15],
        ['onions', 0.03],
        ['herbs', 0.03],
      ]),
      dish('Bánh khọt', 60, [
        ['batter', 0.1],
        ['shrimp', 0.06],
        ['coconutMilk', 40],
        ['herbs', 0.04],
      ]),
      dish('Gỏi đu đủ bò khô', 55, [
        ['greenPapaya', 0.2],
        ['beef', 0.04],
        ['herbs', 0.02],
      ]),
      dish('Bò bía', 45, [
        ['ricePaper', 3],
        ['porkRoll', 0.04],
        ['eggs', 1],
        ['carrots', 0.03],
      ]),
      dish('Khoai lang chiên', 39, [
        ['sweetPotatoes', 0.25],
        ['cookingOil', 0.05],
      ]),
      dish('Chả mực Hạ Long', 129, [
        ['squid', 0.2],
        ['cookingOil', 0.05],
      ]),
      dish('Súp cua', 45, [
        ['crab', 0.05],
        ['eggs', 1],
        ['chickenBroth', 0.3],
      ]),
      dish('Hến xúc bánh đa', 65, [
        ['clams', 0.2],
        ['ricePaper', 1],
        ['herbs', 0.03],
      ]),
      dish('Bánh bột lọc', 45, [
        ['shrimp', 0.05],
        ['pork', 0.04],
        ['batter', 0.08],
      ]),
      dish('Chả ram tôm đất', 69, [
        ['ricePaper', 4],
        ['shrimp', 0.08],
        ['cookingOil', 0.05],
      ]),
      dish('Gỏi mực Thái', 99, [
        ['squid', 0.2],
        ['onions', 0.05],
        ['herbs', 0.04],
        ['limes', 0.03],
      ]),
      dish('Gỏi xoài khô cá', 75, [
        ['mangoes', 0.2],
        ['fishFillet', 0.05],
        ['herbs', 0.03],
      ]),
    ],
  },
  {
    name: 'Bia & Nước ngọt',
    nameEn: 'Beer & soft drinks',
    optionGroups: [],
    description: 'Bia chai, bia lon, bia tươi và nước ngọt',
    color: '#0f766e',
    sortOrder: 11,
    isDrinks: true,
    dishes: [
      dish('Bia Sài Gòn đỏ', 22, [['saigonBeer', 1]]),
      dish('Bia Tiger', 28, [['tigerBeer', 1]]),
      dish('Bia 333', 20, [['beer333', 1]]),
      dish('Bia Heineken', 35, [['heineken', 1]]),
      dish('Nước suối', 10, [['water', 1]]),
      dish('Coca-Cola', 18, [['cola', 1]]),
      dish('Bia tươi (ly)', 25, [['draftBeer', 0.5]]),
      dish('Bia Hà Nội', 20, [['hanoiBeer', 1]]),
      dish('Pepsi', 18, [['pepsi', 1]]),
      dish('7Up', 18, [['lemonSoda', 1]]),
      dish('Bia Huda', 20, [['hudaBeer', 1]]),
      dish('Bia Larue', 18, [['larueBeer', 1]]),
      dish('Bia tươi (tháp 3 lít)', 180, [['draftBeer', 3]]),
      dish('Rượu nếp (chai nhỏ)', 65, [['riceWine', 250]]),
      dish('Rượu vang đỏ (ly)', 95, [['redWine', 150]]),
    ],
  },
  {
    name: 'Món nướng',
    nameEn: 'Grilled',
    optionGroups: ['requests'],
    description: 'Nướng than hoa, ăn kèm rau sống và nước chấm',
    color: '#ea580c',
    sortOrder: 4,
    dishes: [
      dish('Sườn heo nướng mật ong', 129, [...grill, ['ribs', 0.35], ['sugar', 0.02]]),
      dish('Bò nướng lá lốt', 99, [...grill, ['beef', 0.2], ['herbs', 0.05]]),
      dish('Gà nướng muối ớt', 159, [...grill, ['chicken', 0.5], ['chili', 10]]),
      dish('Mực nướng sa tế', 139, [...grill, ['squid', 0.3], ['chili', 10]]),
      dish('Ba chỉ nướng', 109, [...grill, ['porkBelly', 0.3]]),
      dish('Tôm nướng muối ớt', 169, [...grill, ['shrimp', 0.3], ['chili', 8]]),
      dish('Cánh gà nướng', 89, [...grill, ['chicken', 0.3], ['sugar', 0.01]]),
      dish('Cá lóc nướng trui', 179, [...grill, ['fish', 0.8], ['ricePaper', 6]]),
      dish('Nem lụi', 85, [...grill, ['pork', 0.2], ['ricePaper', 4]]),
      dish('Bạch tuộc nướng', 149, [...grill, ['squid', 0.3], ['chili', 6]]),
      dish('Bò nướng ngói', 159, [...grill, ['beef', 0.3], ['onions', 0.05]]),
      dish('Chân gà nướng', 79, [...grill, ['chicken', 0.25], ['chili', 5]]),
      dish('Sò điệp nướng mỡ hành', 119, [
        ['scallops', 0.3],
        ['greenOnion', 20],
        ['cookingOil', 0.02],
      ]),
      dish('Hàu nướng phô mai', 129, [
        ['oysters', 6],
        ['freshMilk', 30],
        ['cookingOil', 0.01],
      ]),
      dish('Gà nướng mật ong (nửa con)', 179, [...grill, ['chicken', 0.6], ['sugar', 0.02]]),
      dish('Dê nướng tảng', 179, [...grill, ['goat', 0.3]]),
    ],
  },
  {
    name: 'Rau & Món xào',
    nameEn: 'Greens & stir-fries',
    optionGroups: ['requests'],
    description: 'Rau xào, món xào và canh',
    color: '#15803d',
    sortOrder: 7,
    dishes: [
      dish('Rau muống xào tỏi', 45, [...stirFry, ['morningGlory', 0.3]]),
      dish('Canh chua cá lóc', 89, [
        ['fish', 0.3],
        ['tomatoes', 0.1],
        ['beanSprouts', 0.05],
        ['herbs', 0.03],
      ]),
      dish('Bò xào hành tây', 95, [...stirFry, ['beef', 0.2], ['onions', 0.1]]),
      dish('Cải thìa xào nấm', 55, [...stirFry, ['bokChoy', 0.25], ['mushrooms', 0.08]]),
      dish('Mực xào chua ngọt', 109, [...stirFry, ['squid', 0.25], ['tomatoes', 0.05], ['onions', 0.05]]),
      dish('Bông bí xào tỏi', 55, [...stirFry, ['squashFlowers', 0.2]]),
      dish('Canh cải thịt bằm', 45, [
        ['bokChoy', 0.2],
        ['pork', 0.06],
        ['chickenBroth', 0.4],
      ]),
      dish('Đậu que xào bò', 85, [...stirFry, ['greenBeans', 0.2], ['beef', 0.1]]),
      dish('Rau muống luộc', 35, [['morningGlory', 0.3]]),
      dish('Lươn xào sả ớt', 139, [...stirFry, ['eel', 0.25], ['lemongrass', 0.03], ['chili', 6]]),
      dish('Giá xào tóp mỡ', 45, [...stirFry, ['beanSprouts', 0.25], ['porkBelly', 0.04]]),
      dish('Canh bí đỏ tôm', 55, [
        ['shrimp', 0.05],
        ['chickenBroth', 0.4],
        ['greenOnion', 5],
      ]),
      dish('Ếch xào sả ớt', 129, [...stirFry, ['frog', 0.3], ['lemongrass', 0.03], ['chili', 6]]),
      dish('Măng xào thịt', 69, [...stirFry, ['bambooShoots', 0.2], ['porkBelly', 0.08]]),
      dish('Bắp cải xào cà chua', 45, [...stirFry, ['cabbage', 0.3], ['tomatoes', 0.08]]),
      dish('Canh khổ qua nhồi thịt', 65, [
        ['pork', 0.1],
        ['chickenBroth', 0.4],
        ['greenOnion', 5],
      ]),
    ],
  },
  {
    name: 'Tráng miệng',
    nameEn: 'Desserts',
    optionGroups: ['ice'],
    description: 'Chè, bánh flan và trái cây',
    color: '#db2777',
    sortOrder: 9,
    dishes: [
      dish('Chè ba màu', 30, [
        ['mungBeans', 0.04],
        ['jelly', 0.05],
        ['coconutMilk', 40],
        ['ice', 0.1],
      ]),
      dish('Bánh flan', 25, [
        ['eggs', 1],
        ['freshMilk', 80],
        ['sugar', 0.02],
      ]),
      dish('Sữa chua nếp cẩm', 30, [
        ['yogurt', 1],
        ['stickyRice', 0.05],
      ]),
      dish('Trái cây thập cẩm', 59, [
        ['watermelon', 0.2],
        ['mangoes', 0.1],
        ['oranges', 0.1],
      ]),
      dish('Chè khúc bạch', 35, [
        ['freshMilk', 100],
        ['jelly', 0.05],
        ['sugar', 0.02],
      ]),
      dish('Xôi xoài', 49, [
        ['stickyRice', 0.12],
        ['mangoes', 0.15],
        ['coconutMilk', 40],
      ]),
      dish('Chè đậu xanh', 25, [
        ['mungBeans', 0.06],
        ['coconutMilk', 30],
        ['sugar', 0.02],
      ]),
      dish('Chuối nướng nước cốt dừa', 35, [
        ['bananas', 0.2],
        ['coconutMilk', 40],
        ['stickyRice', 0.05],
      ]),
      dish('Chè thái', 35, [
        ['jelly', 0.06],
        ['freshMilk', 60],
        ['mangoes', 0.05],
      ]),
      dish('Rau câu dừa', 25, [
        ['jelly', 0.08],
        ['coconuts', 0.3],
      ]),
      dish('Kem dừa', 45, [
        ['coconuts', 1],
        ['freshMilk', 50],
      ]),
      dish('Chè khoai môn', 30, [
        ['sweetPotatoes', 0.08],
        ['coconutMilk', 40],
        ['sugar', 0.02],
      ]),
      dish('Bánh chuối hấp', 30, [
        ['bananas', 0.15],
        ['coconutMilk', 30],
        ['sugar', 0.01],
      ]),
      dish('Chè bưởi', 30, [
        ['mungBeans', 0.03],
        ['coconutMilk', 30],
        ['sugar', 0.02],
      ]),
    ],
  },
  {
    name: 'Hải sản',
    nameEn: 'Seafood',
    optionGroups: ['requests'],
    description: 'Tôm, cua, mực, nghêu sò ốc tươi trong ngày',
    color: '#0369a1',
    sortOrder: 6,
    dishes: [
      dish('Tôm sú hấp bia', 179, [
        ['shrimp', 0.4],
        ['saigonBeer', 1],
        ['lemongrass', 0.03],
      ]),
      dish('Nghêu hấp sả', 79, [
        ['clams', 0.5],
        ['lemongrass', 0.05],
        ['chili', 5],
      ]),
      dish('Cua rang me', 320, [
        ['crab', 0.6],
        ['sugar', 0.03],
        ['garlic', 10],
      ]),
      dish('Mực chiên nước mắm', 139, [
        ['squid', 0.3],
        ['fishSauce', 0.03],
        ['cookingOil', 0.05],
      ]),
      dish('Ốc hương xào bơ tỏi', 169, [
        ['snails', 0.35],
        ['garlic', 15],
        ['freshMilk', 20],
      ]),
      dish('Tôm rang me', 159, [
        ['shrimp', 0.35],
        ['sugar', 0.03],
        ['garlic', 10],
      ]),
      dish('Cá diêu hồng hấp xì dầu', 189, [
        ['fish', 0.8],
        ['greenOnion', 20],
        ['chili', 5],
      ]),
      dish('Ghẹ hấp', 249, [
        ['crab', 0.5],
        ['lemongrass', 0.03],
      ]),
      dish('Tôm chiên xù', 139, [
        ['shrimp', 0.25],
        ['batter', 0.05],
        ['cookingOil', 0.08],
      ]),
      dish('Mực xào sa tế', 129, [...stirFry, ['squid', 0.3], ['chili', 10]]),
      dish('Cá basa chiên giòn', 99, [
        ['fishFillet', 0.35],
        ['batter', 0.05],
        ['cookingOil', 0.08],
      ]),
      dish('Sò điệp xào bơ tỏi', 139, [
        ['scallops', 0.35],
        ['garlic', 10],
        ['freshMilk', 20],
      ]),
      dish('Cua hấp', 299, [
        ['crab', 0.6],
        ['lemongrass', 0.03],
      ]),
      dish('Hàu sống mù tạt', 119, [
        ['oysters', 6],
        ['limes', 0.03],
      ]),
      dish('Cháo hải sản', 79, [
        ['rice', 0.08],
        ['shrimp', 0.05],
        ['squid', 0.05],
        ['greenOnion', 8],
      ]),
      dish('Cá kho tộ', 119, [
        ['fish', 0.4],
        ['sugar', 0.02],
        ['chili', 5],
      ]),
    ],
  },
  {
    name: 'Lẩu',
    nameEn: 'Hotpots',
    optionGroups: ['requests'],
    description: 'Lẩu cho 2–3 người (nồi nhỏ) hoặc 4–6 người (nồi lớn)',
    color: '#be123c',
    sortOrder: 5,
    dishes: [
      dish('Lẩu thái hải sản (nồi nhỏ)', 249, [...hotpot('small'), ['shrimp', 0.2], ['squid', 0.2], ['clams', 0.2]]),
      dish('Lẩu bò nhúng giấm (nồi nhỏ)', 229, [...hotpot('small'), ['beef', 0.35], ['ricePaper', 10]]),
      dish('Lẩu gà lá é (nồi nhỏ)', 219, [...hotpot('small'), ['chicken', 0.6], ['herbs', 0.05]]),
      dish('Lẩu thái hải sản (nồi lớn)', 399, [...hotpot('large'), ['shrimp', 0.35], ['squid', 0.35], ['clams', 0.35]]),
      dish('Lẩu mắm (nồi nhỏ)', 239, [...hotpot('small'), ['fish', 0.3], ['porkBelly', 0.15], ['shrimp', 0.1]]),
      dish('Lẩu bò nhúng giấm (nồi lớn)', 369, [...hotpot('large'), ['beef', 0.6], ['ricePaper', 18]]),
      dish('Lẩu riêu cua bắp bò (nồi nhỏ)', 239, [...hotpot('small'), ['fieldCrab', 0.2], ['beef', 0.2], ['tofu', 3]]),
      dish('Lẩu gà lá é (nồi lớn)', 349, [...hotpot('large'), ['chicken', 1.0], ['herbs', 0.08]]),
      dish('Lẩu nấm chay (nồi nhỏ)', 189, [...hotpot('small'), ['mushrooms', 0.4], ['tofu', 3]]),
      dish('Lẩu dê (nồi nhỏ)', 289, [...hotpot('small'), ['goat', 0.4]]),
      dish('Lẩu cá kèo (nồi nhỏ)', 229, [...hotpot('small'), ['fish', 0.5]]),
      dish('Lẩu mắm (nồi lớn)', 379, [...hotpot('large'), ['fish', 0.5], ['porkBelly', 0.25], ['shrimp', 0.18]]),
      dish('Lẩu riêu cua bắp bò (nồi lớn)', 379, [
        ...hotpot('large'),
        ['fieldCrab', 0.35],
        ['beef', 0.35],
        ['tofu', 5],
      ]),
      dish('Lẩu dê (nồi lớn)', 459, [...hotpot('large'), ['goat', 0.7]]),
      dish('Lẩu nấm chay (nồi lớn)', 299, [...hotpot('large'), ['mushrooms', 0.7], ['tofu', 5]]),
      dish('Lẩu cá kèo (nồi lớn)', 369, [...hotpot('large'), ['fish', 0.9]]),
    ],
  },
  {
    name: 'Món chay',
    nameEn: 'Vegetarian',
    optionGroups: ['requests'],
    description: 'Món chay thanh đạm, nấu riêng bếp',
    color: '#65a30d',
    sortOrder: 8,
    dishes: [
      dish('Đậu hũ sốt cà chua', 49, [
        ['tofu', 3],
        ['tomatoes', 0.15],
        ['cookingOil', 0.02],
      ]),
      dish('Phở chay', 55, [
        ['phoNoodles', 0.2],
        ['mushrooms', 0.08],
        ['tofu', 1],
        ['herbs', 0.03],
      ]),
      dish('Cơm chiên chay', 50, [...ricePlate, ['mushrooms', 0.05], ['carrots', 0.04], ['greenBeans', 0.04]]),
      dish('Nấm xào thập cẩm', 65, [...stirFry, ['mushrooms', 0.25], ['carrots', 0.05]]),
      dish('Gỏi cuốn chay', 40, [
        ['ricePaper', 3],
        ['tofu', 1],
        ['vermicelli', 0.05],
        ['herbs', 0.04],
      ]),
      dish('Bún Huế chay', 55, [...bunBowl, ['mushrooms', 0.08], ['tofu', 1], ['lemongrass', 0.02]]),
      dish('Chả giò chay', 45, [
        ['ricePaper', 4],
        ['mushrooms', 0.05],
        ['carrots', 0.04],
        ['cookingOil', 0.05],
      ]),
      dish('Đậu hũ non chiên giòn', 45, [
        ['tofu', 3],
        ['batter', 0.03],
        ['cookingOil', 0.05],
      ]),
      dish('Mì xào chay', 55, [...stirFry, ['eggNoodles', 0.15], ['mushrooms', 0.06], ['bokChoy', 0.08]]),
      dish('Canh nấm rau củ', 45, [
        ['mushrooms', 0.1],
        ['carrots', 0.05],
        ['cabbage', 0.08],
      ]),
      dish('Bánh xèo chay', 55, [
        ['batter', 0.12],
        ['mushrooms', 0.06],
        ['beanSprouts', 0.06],
        ['tofu', 1],
      ]),
      dish('Đậu hũ kho nấm', 49, [
        ['tofu', 3],
        ['mushrooms', 0.08],
        ['sugar', 0.01],
      ]),
      dish('Rau củ kho tiêu', 49, [
        ['carrots', 0.1],
        ['mushrooms', 0.06],
        ['tofu', 1],
        ['sugar', 0.01],
      ]),
    ],
  },
];

/** Vietnamese names for staff accounts and guests. */
export const familyNames = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
export const middleNames = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Thanh', 'Hữu', 'Thu', 'Quốc', 'Bảo', 'Gia', 'Hoài', 'Đức'];
export const givenNames = [
  'An',
  'Anh',
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hiếu',
  'Hoa',
  'Hùng',
  'Hương',
  'Khang',
  'Khoa',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Minh',
  'My',
  'Nam',
  'Ngân',
  'Nhung',
  'Phong',
  'Phúc',
  'Quân',
  'Quỳnh',
  'Sơn',
  'Tâm',
  'Thảo',
  'Trang',
  'Trinh',
  'Trung',
  'Tuấn',
  'Tú',
  'Uyên',
  'Vy',
  'Yến',
];
/** How staff address a guest they know by name. */
export const honorifics = ['Anh', 'Chị', 'Cô', 'Chú', 'Em'];
export const orderNotes = ['Ít cay', 'Không hành', 'Mang về', 'Khách quen', 'Ít đá', 'Thêm rau', 'Không bột ngọt'];

/** Family names of loyalty customers with their rough share of the population (Nguyễn is about 38 %). */
export const familyNameShares: readonly (readonly [string, number])[] = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 9.5],
  ['Phạm', 7],
  ['Hoàng', 4.5],
  ['Huỳnh', 4.5],
  ['Phan', 4.5],
  ['Vũ', 3.9],
  ['Võ', 3.9],
  ['Đặng', 2.1],
  ['Bùi', 2],
  ['Đỗ', 1.4],
  ['Hồ', 1.3],
  ['Ngô', 1.3],
  ['Dương', 1],
  ['Lý', 0.5],
];
/** Middle and given names of loyalty customers by gender; "Văn" and "Thị" are the most common middle names. */
export const customerNameParts = {
  male: {
    middle: ['Văn', 'Văn', 'Văn', 'Minh', 'Hữu', 'Quốc', 'Đức', 'Gia', 'Thanh', 'Công', 'Đình', 'Xuân', 'Tuấn'],
    given: [
      'An',
      'Anh',
      'Bảo',
      'Bình',
      'Cường',
      'Dũng',
      'Duy',
      'Đạt',
      'Hải',
      'Hiếu',
      'Hòa',
      'Huy',
      'Hùng',
      'Khang',
      'Khoa',
      'Khôi',
      'Kiên',
      'Long',
      'Lộc',
      'Minh',
      'Nam',
      'Nghĩa',
      'Phong',
      'Phúc',
      'Quân',
      'Quang',
      'Sơn',
      'Tài',
      'Thắng',
      'Thành',
      'Thiện',
      'Toàn',
      'Trí',
      'Trung',
      'Tuấn',
      'Tùng',
      'Việt',
      'Vinh',
    ],
  },
  female: {
    middle: ['Thị', 'Thị', 'Thị', 'Ngọc', 'Thu', 'Thanh', 'Bảo', 'Minh', 'Hoài', 'Kim', 'Mỹ', 'Phương', 'Thùy'],
    given: [
      'An',
      'Anh',
      'Châu',
      'Chi',
      'Diệp',
      'Dung',
      'Giang',
      'Hà',
      'Hạnh',
      'Hằng',
      'Hiền',
      'Hoa',
      'Hồng',
      'Hương',
      'Lan',
      'Liên',
      'Linh',
      'Loan',
      'Mai',
      'My',
      'Ngân',
      'Nhi',
      'Nhung',
      'Oanh',
      'Quỳnh',
      'Tâm',
      'Thảo',
      'Thủy',
      'Trang',
      'Trâm',
      'Trinh',
      'Tuyết',
      'Uyên',
      'Vân',
      'Vy',
      'Yến',
    ],
  },
} as const;
/** Mobile prefixes of customers' phones (09x the most common). */
export const phonePrefixes = ['09', '09', '09', '03', '03', '07', '08', '08'];
export const emailDomains = ['example.com', 'example.net', 'example.org'];
export const streets = [
  'Lê Lợi',
  'Nguyễn Huệ',
  'Hai Bà Trưng',
  'Pasteur',
  'Điện Biên Phủ',
  'Cách Mạng Tháng Tám',
  'Võ Văn Tần',
  'Nguyễn Thị Minh Khai',
  'Trần Hưng Đạo',
  'Lý Tự Trọng',
  'Phan Xích Long',
  'Nguyễn Trãi',
];
export const districts = ['Quận 1', 'Quận 3', 'Quận 5', 'Quận 10', 'Bình Thạnh', 'Phú Nhuận', 'Tân Bình', 'Gò Vấp'];
/** What staff write down about a regular. */
export const customerNotes = [
  'Thích ngồi gần cửa sổ',
  'Dị ứng đậu phộng',
  'Ăn chay ngày rằm',
  'Hay đặt bàn cuối tuần',
  'Không ăn hành',
  'Thích ít ngọt',
];
